import { Events } from '@licensure/contracts';
import { ceAuditMembers, documents } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { defineOperation } from '../../platform/resources/operation';

/**
 * A sampled licensee sends their proof of hours (a document they uploaded for themselves). Only their
 * own audit record (another's is a 404), only while it is not decided; a resubmission before the
 * decision replaces the document.
 */
export const submitCeAuditProof = defineOperation({
  async run(
    { tx, request, enterpriseId },
    memberId: string,
    proof: { document_id: string; note?: string | null },
  ) {
    const userId = request.auth?.userId ?? '';
    const [before] = await tx
      .select()
      .from(ceAuditMembers)
      .where(
        and(
          eq(ceAuditMembers.id, memberId),
          eq(ceAuditMembers.enterprise_id, enterpriseId),
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
          eq(documents.enterprise_id, enterpriseId),
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
    return {
      result: undefined,
      changes: [{ entity: 'ce_audit_members', objectId: memberId, action: 'update', before, after }],
      events: [
        {
          enterpriseId,
          name: Events.ceAuditSubmitted,
          entity: 'ce_audit_members' as const,
          objectId: memberId,
          actorId: userId,
        },
      ],
    };
  },
});
