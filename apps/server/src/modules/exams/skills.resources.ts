import {
  activeStatus,
  examFormInput,
  examFormOutput,
  examSkillInput,
  examSkillOutput,
  possiblePoints,
} from '@licensure/contracts';
import { ex_skill_categories, exForms, exSkills, fbForms } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';

const tags = ['exams'];
const read = 'exams.read';
const write = 'exams.write';
const keysOf = <T extends z.ZodObject>(schema: T) => Object.keys(schema.shape) as string[];
const active = z.boolean({ message: 'status must be true or false' });

const skillKeys = keysOf(examSkillOutput);

export const presentSkill = (row: Row) => {
  const steps = (row.steps as { label: string; points: number }[] | null) ?? [];
  return {
    ...pick(skillKeys)(row),
    active: row.active === true,
    critical: row.critical === true,
    steps,
    critical_criteria: row.critical_criteria ?? [],
    possible_points: possiblePoints({ steps }),
  };
};

/**
 * The body's `options` (the spec's `{skill, options}`) carry the sheet: its steps and critical
 * criteria, taken into the skill when the skill itself does not name them.
 */
function skillOptions(input: Row, request: { body: unknown }) {
  const options = (request.body as Record<string, unknown> | null)?.options;
  if (!options || typeof options !== 'object' || Array.isArray(options)) return;
  const o = options as Row;
  for (const key of ['steps', 'critical_criteria', 'min_points', 'time_limit_seconds'])
    if (input[key] === undefined && o[key] !== undefined) input[key] = o[key];
}

/** The minimum cannot exceed the points the steps are worth. */
function skillValues(input: Row, ctx: HookContext): Row {
  if (ctx.operation === 'batch') return input;
  const steps = (input.steps ?? ctx.before?.steps ?? []) as { label: string; points: number }[];
  const min = Number(input.min_points ?? ctx.before?.min_points ?? 0);
  const possible = possiblePoints({ steps });
  if (min > possible)
    throw badRequest({
      min_points: `min_points (${min}) is more than the ${possible} points the steps are worth.`,
    });
  return input;
}

/** EXSkill: skill sheets; batch active, critical and category. */
export const skillResource: Resource = {
  path: 'EXSkill',
  entity: 'ex_skills',
  wrapper: 'skill',
  singular: 'skill',
  tags,
  table: exSkills,
  read,
  write,
  input: examSkillInput,
  patch: examSkillInput.partial(),
  output: examSkillOutput,
  present: presentSkill,
  columns: { category: ex_skill_categories.label },
  joins: (q: JoinableQuery) =>
    q.leftJoin(ex_skill_categories, eq(ex_skill_categories.id, exSkills.category_id)),
  filters: {
    category_id: { column: exSkills.category_id },
    active: { column: exSkills.active },
    critical: { column: exSkills.critical },
  },
  search: [exSkills.name, exSkills.description],
  alpha: exSkills.name,
  sort: {
    name: sql`lower(${exSkills.name})`,
    category: sql`lower(${ex_skill_categories.label})`,
    created_at: exSkills.created_at,
    updated_at: exSkills.updated_at,
  },
  defaultSort: 'name',
  filterRoutes: true,
  refs: { category_id: { table: ex_skill_categories, what: 'skill category' } },
  unique: { ex_skills_name_key: 'name' },
  softDelete: {},
  batch: [
    { route: 'BatchActive', ids: 'examSkillIDs', value: 'status', field: 'active', schema: activeStatus },
    { route: 'BatchCritical', ids: 'examSkillIDs', value: 'status', field: 'critical', schema: active },
    {
      route: 'BatchCategory',
      ids: 'examSkillIDs',
      value: 'category',
      field: 'category_id',
      schema: z.uuid({ message: 'category must be a valid id' }).nullable(),
    },
  ],
  hooks: { normalize: skillOptions, validate: skillValues },
};

const formKeys = keysOf(examFormOutput);

/** EXForms: exam forms, each scoring its skills. */
export const examFormResource: Resource = {
  path: 'EXForms',
  entity: 'ex_forms',
  wrapper: 'exam_form',
  singular: 'exam form',
  tags,
  table: exForms,
  read,
  write,
  input: examFormInput,
  patch: examFormInput.partial(),
  output: examFormOutput,
  present: (row) => ({ ...pick(formKeys)(row), active: row.active === true, skill_ids: row.skill_ids ?? [] }),
  filters: {
    active: { column: exForms.active },
    skill_id: {
      column: exForms.skill_ids,
      schema: z.uuid({ message: 'skill_id must be a valid id' }),
      where: (v) => sql`(${v})::uuid = any(${exForms.skill_ids})`,
    },
  },
  search: [exForms.name, exForms.description],
  alpha: exForms.name,
  sort: {
    name: sql`lower(${exForms.name})`,
    created_at: exForms.created_at,
    updated_at: exForms.updated_at,
  },
  defaultSort: 'name',
  filterRoutes: true,
  refs: {
    skill_ids: { table: exSkills, what: 'skill' },
    fb_form_id: { table: fbForms, what: 'form' },
  },
  unique: { ex_forms_name_key: 'name' },
  softDelete: {},
  batch: [],
};

/** The batch of POST UpdateExamFormStatuses (served at the catalog's own path, not under EXForms). */
export const formStatusBatch = {
  route: 'UpdateExamFormStatuses',
  ids: 'examFormIDs',
  value: 'status',
  field: 'active',
  schema: activeStatus,
};
