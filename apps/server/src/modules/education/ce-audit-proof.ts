import { Events } from '@licensure/contracts';
import { ceAuditMembers, type Db, documents } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest, notFound } from '../../platform/http/errors';

/**
 * A sampled licensee sends their proof of hours (a document they uploaded for themselves). Only their
 * own audit record (another's is a 404), only while it is not decided; a resubmission before the
 * decision replaces the document.
 */
export async function submitCeAuditProof(
  db: Db,
  request: FastifyRequest,
  memberId: string,
  proof: { document_id: string; note?: string | null },
): Promise<void> {
  const userId = request.auth?.userId ?? '';
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ceAuditMembers)
      .where(
        and(
          eq(ceAuditMembers.id, memberId),
          eq(ceAuditMembers.enterprise_id, request.enterpriseId),
          eq(ceAuditMembers.user_id, userId),
        ),
      )
      .for('update');
    if (!before) throw notFound('audited licensee');
    if (before.status === 'accepted' || before.status === 'deficient')
      throw new AppError('conflict', 'This audit was already decided: the proof can no longer be changed.');
    const [doc] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.id, proof.document_id),
          eq(documents.enterprise_id, request.enterpriseId),
          eq(documents.user_id, userId),
          isNull(documents.deleted_at),
        ),
      );
    if (!doc)
      throw badRequest({ document_id: 'Upload your proof of hours first: this document is not yours.' });
    const [after] = await tx
      .update(ceAuditMembers)
      .set({ status: 'submitted', document_id: doc.id, note: proof.note ?? null, updated_at: new Date() })
      .where(eq(ceAuditMembers.id, memberId))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'ce_audit_members',
      objectId: memberId,
      action: 'update',
      before,
      after,
    });
    await recordEvent(tx, {
      enterpriseId: request.enterpriseId,
      name: Events.ceAuditSubmitted,
      entity: 'ce_audit_members',
      objectId: memberId,
      actorId: userId,
    });
  });
}
