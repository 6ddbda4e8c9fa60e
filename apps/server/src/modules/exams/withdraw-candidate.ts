import { candidateMessages } from '@licensure/contracts';
import { exCandidates, exSessions } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';

/** Whose withdrawal: staff withdraw any candidate of a session; a candidate only their own seat. */
export type Withdrawal = { by: 'staff'; sessionId: string } | { by: 'candidate'; userId: string };

/**
 * Withdraws a registered candidate from a session: the seat is freed and the sitting does not count as
 * a failed attempt. A candidate with a result (passed or failed) keeps it. Candidates withdraw
 * themselves only until the day before the session (on the day, the office must know); another
 * person's registration is not found for them, as it is not theirs to know.
 */
export async function withdrawCandidate(request: FastifyRequest, candidateId: string, who: Withdrawal) {
  const { db } = request.server.deps.database;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ candidate: exCandidates, session_date: exSessions.session_date })
      .from(exCandidates)
      .innerJoin(exSessions, eq(exSessions.id, exCandidates.session_id))
      .where(
        and(
          eq(exCandidates.id, candidateId),
          who.by === 'staff'
            ? eq(exCandidates.session_id, who.sessionId)
            : eq(exCandidates.user_id, who.userId),
          eq(exSessions.enterprise_id, request.enterpriseId),
          isNull(exSessions.deleted_at),
        ),
      )
      .for('update', { of: exCandidates });
    if (!row) throw notFound(who.by === 'staff' ? 'candidate' : 'registration');
    const before = row.candidate;
    if (before.status !== 'registered')
      throw new AppError('conflict', candidateMessages.notRegistered(before.status));
    const today = new Date().toISOString().slice(0, 10);
    if (who.by === 'candidate' && row.session_date <= today)
      throw new AppError('conflict', candidateMessages.withdrawTooLate(row.session_date));
    const [after] = await tx
      .update(exCandidates)
      .set({ status: 'withdrawn', updated_at: new Date() })
      .where(eq(exCandidates.id, candidateId))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'ex_candidates',
      objectId: candidateId,
      action: 'update',
      before,
      after,
    });
    return before.session_id;
  });
}
