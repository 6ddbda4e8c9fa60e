import { type FireDrillOutput, fireDrillInput, fireDrillOutput, fireDrillTypes } from '@licensure/contracts';
import { fireDrills, school_systems, schools } from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { checkDrillDate } from './drill-values';

export const drillYear = sql<number>`extract(year from ${fireDrills.drill_date})::int`;

export const fireDrillColumns: Record<string, SQLWrapper> = {
  year: drillYear,
  school: sql<string | null>`${schools.label}`,
  school_system_id: sql<string | null>`${schools.school_system_id}`,
  school_system: sql<string | null>`${school_systems.label}`,
};

export const joinDrillNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(schools, eq(schools.id, fireDrills.school_id))
    .leftJoin(school_systems, eq(school_systems.id, schools.school_system_id));

const keys = Object.keys(fireDrillOutput.shape) as (keyof FireDrillOutput)[];
export const presentFireDrill = (row: Row) => {
  const out = pick(keys)(row) as Row;
  out.year = Number(row.year);
  out.announced = row.announced === true;
  return out as FireDrillOutput;
};

/** Staff correct a report as the school would have sent it; a drill they enter is theirs. */
function drillValues(input: Row, ctx: HookContext): Row {
  if (typeof input.drill_date === 'string' && ctx.operation === 'create') checkDrillDate(input.drill_date);
  return ctx.operation === 'create'
    ? { ...input, source: 'staff', created_by: ctx.auth?.userId ?? null }
    : input;
}

/**
 * Reported fire drills as staff read, correct and delete them (`{drill: {...}}`); the public reports
 * them through POST public/firedrill/drills. A report is the school's record: deleted only with a reason.
 */
export const fireDrillResource: Resource = {
  path: 'firedrill/drills',
  entity: 'fire_drills',
  wrapper: 'drill',
  singular: 'fire drill',
  tags: ['firedrills'],
  table: fireDrills,
  read: 'firedrills.read',
  write: 'firedrills.write',
  input: fireDrillInput,
  output: fireDrillOutput,
  present: presentFireDrill,
  columns: fireDrillColumns,
  joins: joinDrillNames,
  filters: {
    school_id: { column: fireDrills.school_id },
    school_system_id: {
      column: schools.school_system_id,
      schema: z.uuid({ message: 'school_system_id must be a valid id' }),
    },
    drill_type: { column: fireDrills.drill_type, schema: z.enum(fireDrillTypes) },
    source: { column: fireDrills.source, schema: z.enum(['public', 'staff']) },
    year: {
      column: drillYear,
      schema: z.coerce
        .number({ message: 'year must be a year such as 2026' })
        .int('year must be a year such as 2026')
        .min(1900, 'year must be a year such as 2026')
        .max(2200, 'year must be a year such as 2026'),
      where: (v) => sql`${drillYear} = ${v}`,
    },
  },
  search: [schools.label, school_systems.label, fireDrills.reporter_name],
  sort: {
    drill_date: [fireDrills.drill_date, fireDrills.drill_time],
    school: sql`lower(${schools.label})`,
    school_system: sql`lower(${school_systems.label})`,
    evacuation_seconds: fireDrills.evacuation_seconds,
    created_at: fireDrills.created_at,
  },
  defaultSort: 'drill_date',
  filterRoutes: true,
  refs: { school_id: { name: 'schools', table: schools, what: 'school' } },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: drillValues },
};
