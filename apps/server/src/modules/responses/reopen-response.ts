// POST fbresponses/reopen: a submitted response (and its licence request) back to in progress.
import { type Db, fbResponses, licenseRequests } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/http/errors';
import { loadResponseFor, type ResponseRow } from './access';
import { auditOf, loadAnswers } from './present';
import { loadLicenseRequest } from './references';

export async function reopenResponse(
  db: Db,
  auth: AuthContext,
  actor: Actor,
  responseId: string,
  licenseRequestId: string | null | undefined,
): Promise<ResponseRow> {
  return db.transaction(async (tx) => {
    const { response } = await loadResponseFor(tx, auth, actor.enterpriseId, responseId, 'edit', {
      lock: true,
    });
    if (licenseRequestId && licenseRequestId !== response.license_request_id)
      throw badRequest({ licenseRequestID: 'The licence request is not the one this response belongs to.' });
    const now = new Date();
    const [row] = await tx
      .update(fbResponses)
      .set({ progress: 1, completed_on: null, updated_at: now })
      .where(eq(fbResponses.id, response.id))
      .returning();
    if (!row) throw new Error('response update returned nothing');
    const answers = await loadAnswers(tx, response.id);
    await recordChange(tx, actor, {
      entity: 'fb_responses',
      objectId: row.id,
      action: 'update',
      before: auditOf(response, answers),
      after: auditOf(row, answers),
    });
    if (licenseRequestId) {
      const request = await loadLicenseRequest(tx, actor.enterpriseId, licenseRequestId);
      if (!request) throw badRequest({ licenseRequestID: 'There is no such licence request.' });
      const [after] = await tx
        .update(licenseRequests)
        .set({ progress: 1, completed_on: null, updated_at: now })
        .where(eq(licenseRequests.id, request.id))
        .returning();
      await recordChange(tx, actor, {
        entity: 'license_requests',
        objectId: request.id,
        action: 'update',
        before: request,
        after,
      });
    }
    return row;
  });
}
