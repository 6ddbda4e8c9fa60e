import { examSessionInput, examSessionOutput } from '@licensure/contracts';
import {
  ex_autonumbers,
  ex_locations,
  ex_session_statuses,
  ex_types,
  exCandidates,
  exCoordinators,
  exExaminers,
  exPackets,
  exSessions,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { datedNumber, takeAutonumber } from '../lookups/autonumbers';

const keys = Object.keys(examSessionOutput.shape);

/** The count of a session's candidates holding a seat (all but the withdrawn). */
export const registeredCount = sql<number>`(select count(*)::int from ex_candidates c
  where c.session_id = ${exSessions.id} and c.status <> 'withdrawn')`;

export const presentSession = (row: Row) => ({
  ...pick(keys)(row),
  registered: Number(row.registered ?? 0),
  coordinator_ids: row.coordinator_ids ?? [],
  examiner_ids: row.examiner_ids ?? [],
});

/** Staff named on a session must be active people of the roster (400 naming the field otherwise). */
async function onRoster(
  tx: Tx,
  enterpriseId: string,
  kind: 'coordinator_ids' | 'examiner_ids',
  ids: unknown,
) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  // The two rosters have the same columns.
  const t = (kind === 'coordinator_ids' ? exCoordinators : exExaminers) as typeof exCoordinators;
  const rows = await tx
    .select({ user_id: t.user_id })
    .from(t)
    .where(and(eq(t.enterprise_id, enterpriseId), eq(t.active, true), inArray(t.user_id, ids as string[])));
  const found = new Set(rows.map((r) => r.user_id));
  const missing = (ids as string[]).find((id) => !found.has(id));
  const role = kind === 'coordinator_ids' ? 'coordinator' : 'examiner';
  if (missing) throw badRequest({ [kind]: `${missing} is not an active ${role} of the exam roster.` });
}

async function sessionValues(input: Row, ctx: HookContext): Promise<Row> {
  await onRoster(ctx.tx, ctx.enterpriseId, 'coordinator_ids', input.coordinator_ids);
  await onRoster(ctx.tx, ctx.enterpriseId, 'examiner_ids', input.examiner_ids);
  const capacity = input.capacity as number | undefined;
  const locationId = (input.location_id ?? ctx.before?.location_id) as string | null | undefined;
  if (capacity !== undefined && locationId) {
    const [location] = await ctx.tx
      .select({ capacity: ex_locations.capacity })
      .from(ex_locations)
      .where(and(eq(ex_locations.id, locationId), eq(ex_locations.enterprise_id, ctx.enterpriseId)));
    const seats = location?.capacity as number | null | undefined;
    if (seats && capacity > seats)
      throw badRequest({
        capacity: `capacity (${capacity}) is more than the ${seats} seats of the location.`,
      });
  }
  if (capacity !== undefined && ctx.before) {
    const [taken] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(exCandidates)
      .where(and(eq(exCandidates.session_id, String(ctx.before.id)), ne(exCandidates.status, 'withdrawn')));
    if ((taken?.n ?? 0) > capacity)
      throw badRequest({ capacity: `capacity cannot be below the ${taken?.n} candidates registered.` });
  }
  if (ctx.operation === 'create')
    return {
      ...input,
      number: await takeSessionNumber(ctx.tx, ctx.enterpriseId),
      created_by: ctx.auth?.userId,
    };
  return input;
}

/** The next session number from the exam auto number for sessions, or a dated one without it. */
async function takeSessionNumber(tx: Tx, enterpriseId: string): Promise<string> {
  const [config] = await tx
    .select({ autonumber_id: ex_autonumbers.autonumber_id })
    .from(ex_autonumbers)
    .where(
      and(
        eq(ex_autonumbers.enterprise_id, enterpriseId),
        eq(ex_autonumbers.entity, 'session'),
        eq(ex_autonumbers.active, true),
      ),
    );
  const number = config?.autonumber_id
    ? await takeAutonumber(tx, enterpriseId, config.autonumber_id as string)
    : null;
  return number ?? datedNumber('EX');
}

const staffParam = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** ExamSessions: sessions on a date at a location, for a packet, with seats, coordinators and examiners. */
export const sessionResource: Resource = {
  path: 'ExamSessions',
  entity: 'ex_sessions',
  wrapper: 'exam_session',
  singular: 'exam session',
  tags: ['exams'],
  table: exSessions,
  read: 'exams.read',
  write: 'exams.write',
  input: examSessionInput,
  patch: examSessionInput.partial(),
  output: examSessionOutput,
  present: presentSession,
  columns: {
    location: ex_locations.label,
    exam_type: ex_types.label,
    status: ex_session_statuses.label,
    exam_packet: exPackets.name,
    registered: registeredCount,
  },
  joins: (q: JoinableQuery) =>
    q
      .leftJoin(ex_locations, eq(ex_locations.id, exSessions.location_id))
      .leftJoin(ex_types, eq(ex_types.id, exSessions.exam_type_id))
      .leftJoin(ex_session_statuses, eq(ex_session_statuses.id, exSessions.status_id))
      .leftJoin(exPackets, eq(exPackets.id, exSessions.exam_packet_id)),
  filters: {
    location_id: { column: exSessions.location_id },
    exam_type_id: { column: exSessions.exam_type_id },
    status_id: { column: exSessions.status_id },
    exam_packet_id: { column: exSessions.exam_packet_id },
    from: {
      column: exSessions.session_date,
      schema: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
      where: (v) => sql`${exSessions.session_date} >= (${v})::date`,
    },
    to: {
      column: exSessions.session_date,
      schema: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
      where: (v) => sql`${exSessions.session_date} <= (${v})::date`,
    },
    coordinator_id: {
      column: exSessions.coordinator_ids,
      schema: staffParam('coordinator_id'),
      where: (v) => sql`(${v})::uuid = any(${exSessions.coordinator_ids})`,
    },
    examiner_id: {
      column: exSessions.examiner_ids,
      schema: staffParam('examiner_id'),
      where: (v) => sql`(${v})::uuid = any(${exSessions.examiner_ids})`,
    },
  },
  search: [exSessions.name, exSessions.number, ex_locations.label],
  sort: {
    session_date: [exSessions.session_date, exSessions.start_time],
    number: exSessions.number,
    location: sql`lower(${ex_locations.label})`,
    created_at: exSessions.created_at,
    updated_at: exSessions.updated_at,
  },
  defaultSort: 'session_date',
  refs: {
    location_id: { table: ex_locations, what: 'exam location' },
    exam_type_id: { table: ex_types, what: 'exam type' },
    status_id: { table: ex_session_statuses, what: 'session status' },
    exam_packet_id: { table: exPackets, what: 'exam packet' },
    // People of the enterprise first; the hook then wants them on the roster.
    coordinator_ids: { table: users, what: 'person' },
    examiner_ids: { table: users, what: 'person' },
  },
  unique: { ex_sessions_number_key: 'number' },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: sessionValues },
};
