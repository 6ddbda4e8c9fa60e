import {
  conditionOutput,
  formListQuery,
  type formSortFields,
  formSummary,
  questionOutput,
} from '@licensure/contracts';
import { fbConditions, fbForms, fbGroups, fbPages, fbQuestions } from '@licensure/db';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pick } from '../../platform/resources/present';
import type { Resource, Row } from '../../platform/resources/types';
import { tags } from './common';
import { conditionFromRow, questionFromRow } from './form-store';

const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const iso = (v: unknown) => (v as Date).toISOString();

/** One question as the API answers it, with the version of its form. */
export function presentQuestion(row: Row) {
  const q = row as typeof fbQuestions.$inferSelect & { form_version: number };
  return {
    ...questionFromRow(q),
    form_id: q.form_id,
    group_id: q.group_id,
    sort_order: q.sort_order,
    form_version: q.form_version,
    created_at: iso(q.created_at),
    updated_at: iso(q.updated_at),
  };
}

/** One condition as the API answers it, with the version of its form. */
export function presentCondition(row: Row) {
  const c = row as typeof fbConditions.$inferSelect & { form_version: number };
  return {
    ...conditionFromRow(c),
    form_id: c.form_id,
    sort_order: c.sort_order,
    form_version: c.form_version,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

/**
 * Reading questions (fbquestions): of live forms, in form order (form, page, group, question) unless
 * sortBy says otherwise. Writes go through the form tree's versioning rule (questions-routes.ts).
 */
export const questionReadResource: Resource = {
  path: 'fbquestions',
  entity: 'fb_questions',
  wrapper: 'question',
  singular: 'question',
  tags,
  table: fbQuestions,
  read: 'forms.read',
  input: z.object({}),
  output: questionOutput,
  present: presentQuestion,
  columns: { form_version: fbForms.version },
  joins: (q) =>
    q
      .innerJoin(fbForms, and(eq(fbForms.id, fbQuestions.form_id), isNull(fbForms.deleted_at)))
      .innerJoin(fbGroups, eq(fbGroups.id, fbQuestions.group_id))
      .innerJoin(fbPages, eq(fbPages.id, fbGroups.page_id)),
  filters: {
    form_id: { column: fbQuestions.form_id, schema: uuid('form_id') },
    group_id: { column: fbQuestions.group_id, schema: uuid('group_id') },
  },
  search: [fbQuestions.label],
  sort: {
    sort_order: [fbForms.name, fbPages.sort_order, fbGroups.sort_order, fbQuestions.sort_order],
    label: sql`lower(${fbQuestions.label})`,
    kind: fbQuestions.kind,
    created_at: fbQuestions.created_at,
    updated_at: fbQuestions.updated_at,
  },
  defaultSort: 'sort_order',
};

/** Reading conditions (fbconditions) of live forms, by form, target or source. */
export const conditionReadResource: Resource = {
  path: 'fbconditions',
  entity: 'fb_conditions',
  wrapper: 'condition',
  singular: 'condition',
  tags,
  table: fbConditions,
  read: 'forms.read',
  input: z.object({}),
  output: conditionOutput,
  present: presentCondition,
  columns: { form_version: fbForms.version },
  joins: (q) => q.innerJoin(fbForms, and(eq(fbForms.id, fbConditions.form_id), isNull(fbForms.deleted_at))),
  filters: {
    form_id: { column: fbConditions.form_id, schema: uuid('form_id') },
    target_group_id: { column: fbConditions.target_group_id, schema: uuid('target_group_id') },
    target_question_id: { column: fbConditions.target_question_id, schema: uuid('target_question_id') },
    source_question_id: { column: fbConditions.source_question_id, schema: uuid('source_question_id') },
  },
  sort: {
    sort_order: [fbConditions.form_id, fbConditions.sort_order],
    operator: [fbConditions.form_id, fbConditions.operator],
    created_at: [fbConditions.form_id, fbConditions.created_at],
    updated_at: [fbConditions.form_id, fbConditions.updated_at],
  },
  defaultSort: 'sort_order',
};

// Written out: inside a subquery, drizzle leaves columns unqualified, and "id" would be the inner table's.
const questionCount = sql<number>`(select cast(count(*) as integer) from fb_questions q where q.form_id = "fb_forms"."id")`;
const responseCount = sql<number>`(select cast(count(*) as integer) from fb_responses r where r.form_id = "fb_forms"."id")`;

/**
 * Listing and counting forms (fbforms) with their question and response counts. One form (its tree,
 * or a frozen version) and the writes go through the tree's versioning rule (forms-routes.ts).
 */
export const formListResource: Resource = {
  path: 'fbforms',
  entity: 'fb_forms',
  wrapper: 'form',
  singular: 'form',
  tags,
  table: fbForms,
  read: 'forms.read',
  routes: { get: false },
  input: z.object({}),
  output: formSummary,
  present: pick(Object.keys(formSummary.shape) as (keyof typeof formSummary.shape)[]),
  columns: { question_count: questionCount, response_count: responseCount },
  filters: {
    form_type_id: { column: fbForms.form_type_id, schema: formListQuery.shape.form_type_id },
    active: { column: fbForms.active },
  },
  search: [fbForms.name],
  sort: {
    name: sql`lower(${fbForms.name})`,
    updated_at: fbForms.updated_at,
    version: fbForms.version,
  } satisfies Record<(typeof formSortFields)[number], SQLWrapper>,
  defaultSort: 'name',
};
