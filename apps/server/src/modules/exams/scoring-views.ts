import type { CandidateOutput, MyExams, ScoringSheet } from '@licensure/contracts';
import {
  type Db,
  ex_locations,
  ex_session_statuses,
  exCandidates,
  exForms,
  exPacketForms,
  exPackets,
  exResults,
  exSessions,
  exSkills,
} from '@licensure/db';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { eligibleRequests } from './exam-process';
import { type CandidateRow, candidatesOf } from './session-summaries';

type Result = typeof exResults.$inferSelect & { skill_name: string | null };

/** A stored result as the API presents it. */
export const presentResult = (r: Result) => ({
  id: r.id,
  candidate_id: r.candidate_id,
  exam_form_id: r.exam_form_id,
  skill_id: r.skill_id,
  skill_name: r.skill_name,
  step_points: r.step_points,
  critical_failures: r.critical_failures,
  time_seconds: r.time_seconds,
  points: r.points,
  passed: r.passed,
  reasons: r.reasons,
  notes: r.notes,
  examiner_id: r.examiner_id,
  recorded_at: r.updated_at.toISOString(),
});

/** A candidate row as the API presents it (without the counts). */
export const presentCandidate = (c: CandidateRow): CandidateOutput => {
  const { skills_scored: _s, skills_passed: _p, points: _n, ...rest } = c;
  return rest;
};

/** What the examiner scores: the packet's forms with their skill sheets, the candidates and their results. */
export async function scoringSheet(db: Db, session: ScoringSheet['session']): Promise<ScoringSheet> {
  const forms = await db
    .select({
      id: exForms.id,
      name: exForms.name,
      skill_ids: exForms.skill_ids,
      fb_form_id: exForms.fb_form_id,
    })
    .from(exPacketForms)
    .innerJoin(exForms, eq(exForms.id, exPacketForms.form_id))
    .where(eq(exPacketForms.packet_id, session.exam_packet_id))
    .orderBy(asc(exPacketForms.sort_order));
  const skillIds = [...new Set(forms.flatMap((f) => f.skill_ids))];
  const skills = skillIds.length
    ? await db.select().from(exSkills).where(inArray(exSkills.id, skillIds))
    : [];
  const candidates = await candidatesOf(db, eq(exCandidates.session_id, session.id));
  const results = await db
    .select({ r: exResults, skill_name: exSkills.name })
    .from(exResults)
    .leftJoin(exSkills, eq(exSkills.id, exResults.skill_id))
    .where(eq(exResults.session_id, session.id));
  return {
    session,
    forms: forms.map((f) => ({
      id: f.id,
      name: f.name,
      fb_form_id: f.fb_form_id,
      skills: f.skill_ids
        .map((id) => skills.find((s) => s.id === id))
        .filter((s): s is typeof exSkills.$inferSelect => !!s)
        .map((s) => ({
          id: s.id,
          name: s.name,
          critical: s.critical,
          time_limit_seconds: s.time_limit_seconds,
          min_points: s.min_points,
          steps: s.steps,
          critical_criteria: s.critical_criteria,
        })),
    })),
    candidates: candidates.map((c) => ({
      ...presentCandidate(c),
      results: results
        .filter((x) => x.r.candidate_id === c.id)
        .map((x) => presentResult({ ...x.r, skill_name: x.skill_name })),
    })),
  };
}

/**
 * The portal candidate's exams: each of their requests waiting for an active packet's exam with the
 * sessions still open (dated today or later, open status, seats left); their registrations with results.
 */
export async function myExams(db: Db, enterpriseId: string, userId: string): Promise<MyExams> {
  const today = new Date().toISOString().slice(0, 10);
  const packets = await db
    .select()
    .from(exPackets)
    .where(
      and(
        eq(exPackets.enterprise_id, enterpriseId),
        eq(exPackets.active, true),
        isNull(exPackets.deleted_at),
      ),
    )
    .orderBy(asc(exPackets.name));
  const requests: MyExams['requests'] = [];
  for (const packet of packets) {
    const eligible = await eligibleRequests(db, enterpriseId, packet, { userId });
    if (eligible.length === 0) continue;
    const sessions = await db
      .select({
        id: exSessions.id,
        name: exSessions.name,
        number: exSessions.number,
        session_date: exSessions.session_date,
        start_time: exSessions.start_time,
        location: ex_locations.label,
        seats_left: sql<number>`(${exSessions.capacity} - (select count(*)::int from ex_candidates c
          where c.session_id = ${exSessions.id} and c.status <> 'withdrawn'))::int`,
      })
      .from(exSessions)
      .leftJoin(ex_locations, eq(ex_locations.id, exSessions.location_id))
      .leftJoin(ex_session_statuses, eq(ex_session_statuses.id, exSessions.status_id))
      .where(
        and(
          eq(exSessions.exam_packet_id, packet.id),
          isNull(exSessions.deleted_at),
          gte(exSessions.session_date, today),
          sql`coalesce(${ex_session_statuses.is_open}, true) and not coalesce(${ex_session_statuses.is_final}, false)`,
        ),
      )
      .orderBy(asc(exSessions.session_date), asc(exSessions.start_time));
    const open = sessions
      .map((s) => ({ ...s, seats_left: Number(s.seats_left) }))
      .filter((s) => s.seats_left > 0);
    for (const e of eligible)
      requests.push({ ...e, exam_packet_id: packet.id, exam_packet: packet.name, open_sessions: open });
  }
  const mine = await candidatesOf(
    db,
    and(eq(exCandidates.user_id, userId), eq(exCandidates.enterprise_id, enterpriseId))!,
  );
  const ids = mine.map((c) => c.session_id);
  const sessions = ids.length
    ? await db
        .select({
          id: exSessions.id,
          session_name: exSessions.name,
          session_date: exSessions.session_date,
          start_time: exSessions.start_time,
          location: ex_locations.label,
          exam_packet: exPackets.name,
        })
        .from(exSessions)
        .leftJoin(ex_locations, eq(ex_locations.id, exSessions.location_id))
        .leftJoin(exPackets, eq(exPackets.id, exSessions.exam_packet_id))
        .where(inArray(exSessions.id, ids))
    : [];
  const results = mine.length
    ? await db
        .select({
          candidate_id: exResults.candidate_id,
          skill_name: exSkills.name,
          passed: exResults.passed,
          points: exResults.points,
          possible: exResults.possible,
          reasons: exResults.reasons,
        })
        .from(exResults)
        .leftJoin(exSkills, eq(exSkills.id, exResults.skill_id))
        .where(
          inArray(
            exResults.candidate_id,
            mine.map((c) => c.id),
          ),
        )
        .orderBy(asc(exSkills.name))
    : [];
  const registrations = mine.flatMap((c) => {
    const s = sessions.find((x) => x.id === c.session_id);
    if (!s) return [];
    const { id: _id, ...session } = s;
    return [
      {
        ...presentCandidate(c),
        ...session,
        results: results.filter((r) => r.candidate_id === c.id).map(({ candidate_id: _c, ...r }) => r),
      },
    ];
  });
  registrations.sort((a, b) => b.session_date.localeCompare(a.session_date));
  return { requests, registrations };
}
