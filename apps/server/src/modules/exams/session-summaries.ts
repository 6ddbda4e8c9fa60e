import {
  type Db,
  documents,
  ex_function_as,
  ex_locations,
  ex_session_statuses,
  exCandidates,
  exCoordinators,
  exExaminers,
  exForms,
  exPackets,
  exResults,
  exSessions,
  exSkills,
  users,
} from '@licensure/db';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';

const personName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`;
const count = (condition: SQL) =>
  sql<number>`(select count(*)::int from ex_candidates c where c.session_id = ${exSessions.id} and ${condition})`;

/** Counts of sessions: seats, registered, passed and failed, staff (ExamSessionSummaries and Summary). */
export async function sessionSummaries(
  db: Db,
  enterpriseId: string,
  filter: { from?: string; to?: string; id?: string },
) {
  const rows = await db
    .select({
      id: exSessions.id,
      number: exSessions.number,
      name: exSessions.name,
      session_date: exSessions.session_date,
      location: ex_locations.label,
      status: ex_session_statuses.label,
      exam_packet: exPackets.name,
      capacity: exSessions.capacity,
      registered: count(sql`c.status <> 'withdrawn'`),
      passed: count(sql`c.status = 'passed'`),
      failed: count(sql`c.status = 'failed'`),
      coordinators: sql<number>`cardinality(${exSessions.coordinator_ids})`,
      examiners: sql<number>`cardinality(${exSessions.examiner_ids})`,
    })
    .from(exSessions)
    .leftJoin(ex_locations, eq(ex_locations.id, exSessions.location_id))
    .leftJoin(ex_session_statuses, eq(ex_session_statuses.id, exSessions.status_id))
    .leftJoin(exPackets, eq(exPackets.id, exSessions.exam_packet_id))
    .where(
      and(
        eq(exSessions.enterprise_id, enterpriseId),
        isNull(exSessions.deleted_at),
        filter.id ? eq(exSessions.id, filter.id) : undefined,
        filter.from ? gte(exSessions.session_date, filter.from) : undefined,
        filter.to ? lte(exSessions.session_date, filter.to) : undefined,
      ),
    )
    .orderBy(desc(exSessions.session_date), asc(exSessions.number))
    .limit(filter.id ? 1 : 500);
  return rows.map((r) => ({
    ...r,
    registered: Number(r.registered),
    passed: Number(r.passed),
    failed: Number(r.failed),
    seats_left: Math.max(0, r.capacity - Number(r.registered)),
    coordinators: Number(r.coordinators),
    examiners: Number(r.examiners),
  }));
}

/** The coordinators or examiners named on a session, with their roster entry and role. */
export async function sessionStaff(
  db: Db,
  enterpriseId: string,
  userIds: string[],
  kind: 'coordinator' | 'examiner',
) {
  if (userIds.length === 0) return [];
  // The two rosters have the same columns.
  const roster = (kind === 'coordinator' ? exCoordinators : exExaminers) as typeof exCoordinators;
  return db
    .select({
      user_id: users.id,
      roster_id: roster.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      function_as: ex_function_as.label,
    })
    .from(users)
    .leftJoin(roster, and(eq(roster.user_id, users.id), eq(roster.enterprise_id, enterpriseId)))
    .leftJoin(ex_function_as, eq(ex_function_as.id, roster.function_as_id))
    .where(and(eq(users.enterprise_id, enterpriseId), inArray(users.id, userIds)))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/** The candidates of sessions with their names and counts of results, as the API presents them. */
export async function candidatesOf(db: Db, condition: SQL) {
  const rows = await db
    .select({
      id: exCandidates.id,
      session_id: exCandidates.session_id,
      license_request_id: exCandidates.license_request_id,
      user_id: exCandidates.user_id,
      name: personName,
      attempt: exCandidates.attempt,
      status: exCandidates.status,
      registered_at: exCandidates.registered_at,
      result_at: exCandidates.result_at,
      skills_scored: sql<number>`(select count(*)::int from ex_results r where r.candidate_id = ${exCandidates.id})`,
      skills_passed: sql<number>`(select count(*)::int from ex_results r where r.candidate_id = ${exCandidates.id} and r.passed)`,
      points: sql<number>`(select coalesce(sum(r.points), 0)::int from ex_results r where r.candidate_id = ${exCandidates.id})`,
    })
    .from(exCandidates)
    .leftJoin(users, eq(users.id, exCandidates.user_id))
    .where(condition)
    .orderBy(asc(users.last_name), asc(users.first_name), asc(exCandidates.registered_at));
  return rows.map((r) => ({
    ...r,
    registered_at: r.registered_at.toISOString(),
    result_at: r.result_at ? r.result_at.toISOString() : null,
    skills_scored: Number(r.skills_scored),
    skills_passed: Number(r.skills_passed),
    points: Number(r.points),
  }));
}
export type CandidateRow = Awaited<ReturnType<typeof candidatesOf>>[number];

/** Results by form and skill of a session: scored, passed, failed, failed on a critical criterion. */
export async function resultSummaries(db: Db, sessionId: string) {
  const rows = await db
    .select({
      exam_form_id: exResults.exam_form_id,
      form_name: exForms.name,
      skill_id: exResults.skill_id,
      skill_name: exSkills.name,
      scored: sql<number>`count(*)::int`,
      passed: sql<number>`count(*) filter (where ${exResults.passed})::int`,
      failed: sql<number>`count(*) filter (where not ${exResults.passed})::int`,
      critical_failures: sql<number>`count(*) filter (where jsonb_array_length(${exResults.critical_failures}) > 0)::int`,
    })
    .from(exResults)
    .leftJoin(exForms, eq(exForms.id, exResults.exam_form_id))
    .leftJoin(exSkills, eq(exSkills.id, exResults.skill_id))
    .where(eq(exResults.session_id, sessionId))
    .groupBy(exResults.exam_form_id, exForms.name, exResults.skill_id, exSkills.name)
    .orderBy(asc(exForms.name), asc(exSkills.name));
  return rows.map((r) => ({
    ...r,
    scored: Number(r.scored),
    passed: Number(r.passed),
    failed: Number(r.failed),
    critical_failures: Number(r.critical_failures),
  }));
}

/** Documents attached to a session (its data object). */
export async function sessionDocuments(db: Db, enterpriseId: string, sessionId: string) {
  const rows = await db
    .select({
      id: documents.id,
      name: documents.name,
      mime_type: documents.mime_type,
      size_bytes: documents.size_bytes,
      created_at: documents.created_at,
    })
    .from(documents)
    .where(
      and(
        eq(documents.enterprise_id, enterpriseId),
        eq(documents.data_object_id, sessionId),
        eq(documents.data_object, 'ex_sessions'),
        isNull(documents.deleted_at),
      ),
    )
    .orderBy(desc(documents.created_at));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
