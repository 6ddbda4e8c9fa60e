import { Events } from '@licensure/contracts';
import { ex_session_statuses, exCandidates, exPackets, exSessions, licenseRequests } from '@licensure/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { can } from '../../platform/auth/context';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, notFound } from '../../platform/http/errors';
import { eligibleRequests } from './exam-process';

const refuse = (message: string) => new AppError('conflict', message);

/**
 * Registers a request's candidate for a session, in one transaction that locks the session so that
 * two registrations never take its last seat twice. Staff who write exams register anyone; anyone else
 * (the portal candidate) only their own requests, and only for sessions not yet held. The request must
 * be waiting for the exam of the session's packet, hold no other seat, and not have used up the
 * packet's failed attempts. A candidate who withdrew may register again, for the same session or another.
 */
export async function registerCandidate(
  request: FastifyRequest,
  sessionId: string,
  licenseRequestId: string,
) {
  const { db } = request.server.deps.database;
  const staff = can(request.auth, 'exams.write');
  const enterpriseId = request.enterpriseId;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        id: exSessions.id,
        session_date: exSessions.session_date,
        capacity: exSessions.capacity,
        exam_packet_id: exSessions.exam_packet_id,
        is_open: ex_session_statuses.is_open,
        is_final: ex_session_statuses.is_final,
      })
      .from(exSessions)
      .leftJoin(ex_session_statuses, eq(ex_session_statuses.id, exSessions.status_id))
      .where(
        and(
          eq(exSessions.id, sessionId),
          eq(exSessions.enterprise_id, enterpriseId),
          isNull(exSessions.deleted_at),
        ),
      )
      .for('update', { of: exSessions });
    if (!session) throw notFound('exam session');
    const [own] = await tx
      .select({ id: licenseRequests.id })
      .from(licenseRequests)
      .where(
        and(
          eq(licenseRequests.id, licenseRequestId),
          eq(licenseRequests.enterprise_id, enterpriseId),
          isNull(licenseRequests.deleted_at),
          staff ? undefined : eq(licenseRequests.user_id, request.auth?.userId ?? ''),
        ),
      );
    if (!own) throw notFound('licence request');
    if (session.is_open === false || session.is_final === true)
      throw refuse('This session is not open for registration.');
    const today = new Date().toISOString().slice(0, 10);
    if (!staff && session.session_date < today) throw refuse('This session has already taken place.');
    const [packet] = await tx
      .select()
      .from(exPackets)
      .where(and(eq(exPackets.id, session.exam_packet_id), isNull(exPackets.deleted_at)));
    if (!packet?.active) throw refuse('The exam packet of this session is not active.');
    const [eligible] = await eligibleRequests(tx, enterpriseId, packet, { requestId: licenseRequestId });
    if (!eligible)
      throw refuse(
        'This request is not waiting for this exam: its exam process is not pending, or it applies for another level.',
      );
    if (eligible.refusal) throw refuse(eligible.refusal);
    if (eligible.registered) throw refuse('This candidate is already registered for an exam session.');
    const [seats] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(exCandidates)
      .where(and(eq(exCandidates.session_id, session.id), ne(exCandidates.status, 'withdrawn')));
    if ((seats?.n ?? 0) >= session.capacity)
      throw refuse(`This session is full: all its ${session.capacity} seats are taken.`);
    // A candidate who withdrew from this session keeps the row of that seat: registering again takes
    // it back (a withdrawal is not an attempt); one with a result has sat the session.
    const [previous] = await tx
      .select()
      .from(exCandidates)
      .where(
        and(eq(exCandidates.session_id, session.id), eq(exCandidates.license_request_id, licenseRequestId)),
      )
      .for('update');
    if (previous && previous.status !== 'withdrawn')
      throw refuse('This candidate has already sat this session.');
    const values = {
      user_id: eligible.user_id,
      exam_packet_id: packet.id,
      attempt: eligible.failed_attempts + 1,
    };
    const [candidate] = previous
      ? await tx
          .update(exCandidates)
          .set({ ...values, status: 'registered', updated_at: new Date() })
          .where(eq(exCandidates.id, previous.id))
          .returning()
      : await tx
          .insert(exCandidates)
          .values({
            enterprise_id: enterpriseId,
            session_id: session.id,
            license_request_id: licenseRequestId,
            ...values,
            created_by: request.auth?.userId ?? null,
          })
          .onConflictDoNothing({ target: [exCandidates.session_id, exCandidates.license_request_id] })
          .returning();
    if (!candidate) throw refuse('This candidate has already sat this session.');
    await recordChange(tx, actorOf(request), {
      entity: 'ex_candidates',
      objectId: candidate.id,
      action: previous ? 'update' : 'create',
      before: previous,
      after: candidate,
    });
    // About the request, so that a trigger on it reaches the applicant (an admission letter).
    await recordEvent(tx, {
      enterpriseId,
      name: Events.examCandidateRegistered,
      entity: 'license_requests',
      objectId: licenseRequestId,
      actorId: request.auth?.userId ?? null,
      payload: { session_id: session.id, candidate_id: candidate.id },
    });
    return candidate;
  });
}
