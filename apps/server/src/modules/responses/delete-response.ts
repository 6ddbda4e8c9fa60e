// DELETE fbresponses/{id}: staff, or the person it is for while it is not submitted.
import { type Db, fbResponses, license_request_fb_responses } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { forbidden } from '../../platform/http/errors';
import { assertNotLocked, loadResponseFor } from './access';
import { auditOf, loadAnswers } from './present';

/** Deletes a response, its answers and request links; its documents stay (no longer linked to it). */
export async function deleteResponse(
  db: Db,
  auth: AuthContext,
  actor: Actor,
  responseId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await loadResponseFor(tx, auth, actor.enterpriseId, responseId, 'edit', { lock: true });
    // Position holders may fill a service's responses, but only staff or the person delete them.
    if (!loaded.rights.staffEdit && loaded.response.user_id !== auth.userId) throw forbidden();
    assertNotLocked(loaded);
    const answers = await loadAnswers(tx, responseId);
    // Links of licence requests to the response go with it (that table has no foreign key).
    await tx
      .delete(license_request_fb_responses)
      .where(
        and(
          eq(license_request_fb_responses.fb_response_id, responseId),
          eq(license_request_fb_responses.enterprise_id, actor.enterpriseId),
        ),
      );
    await tx.delete(fbResponses).where(eq(fbResponses.id, responseId));
    await recordChange(tx, actor, {
      entity: 'fb_responses',
      objectId: responseId,
      action: 'delete',
      before: auditOf(loaded.response, answers),
    });
  });
}
