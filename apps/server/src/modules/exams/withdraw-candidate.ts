import { exCandidates, exSessions } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';

/**
 * Withdraws a registered candidate from a session: the seat is freed and the sitting does not count as
 * a failed attempt. A candidate with a result (passed or failed) keeps it.
 */
export async function withdrawCandidate(request: FastifyRequest, sessionId: string, candidateId: string) {
  const { db } = request.server.deps.database;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ candidate: exCandidates })
      .from(exCandidates)
      .innerJoin(exSessions, eq(exSessions.id, exCandidates.session_id))
      .where(
        and(
          eq(exCandidates.id, candidateId),
          eq(exCandidates.session_id, sessionId),
          eq(exSessions.enterprise_id, request.enterpriseId),
          isNull(exSessions.deleted_at),
        ),
      )
      .for('update', { of: exCandidates });
    if (!row) throw notFound('candidate');
    const before = row.candidate;
    if (before.status !== 'registered')
      throw new AppError(
        'conflict',
        `This candidate cannot withdraw: the result (${before.status}) is recorded.`,
      );
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
  });
}
