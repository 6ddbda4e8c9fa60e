// POST fbresponses/clearsignatures: every signature of a response is removed (to be signed again).
import { type Db, fbAnswers } from '@licensure/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { assertNotLocked, loadResponseFor } from './access';
import { auditOf, loadAnswers } from './present';

export async function clearSignatures(
  db: Db,
  auth: AuthContext,
  actor: Actor,
  responseId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const loaded = await loadResponseFor(tx, auth, actor.enterpriseId, responseId, 'edit', { lock: true });
    assertNotLocked(loaded);
    const before = await loadAnswers(tx, responseId);
    const cleared = await tx
      .update(fbAnswers)
      .set({ signature: null, updated_at: new Date() })
      .where(and(eq(fbAnswers.response_id, responseId), isNotNull(fbAnswers.signature)))
      .returning({ id: fbAnswers.id });
    // An answer that was only a signature is no answer at all now.
    await tx
      .delete(fbAnswers)
      .where(
        and(
          eq(fbAnswers.response_id, responseId),
          isNull(fbAnswers.signature),
          isNull(fbAnswers.value),
          isNull(fbAnswers.document_id),
        ),
      );
    if (cleared.length > 0)
      await recordChange(tx, actor, {
        entity: 'fb_responses',
        objectId: responseId,
        action: 'update',
        before: auditOf(loaded.response, before),
        after: auditOf(loaded.response, await loadAnswers(tx, responseId)),
      });
    return cleared.length;
  });
}
