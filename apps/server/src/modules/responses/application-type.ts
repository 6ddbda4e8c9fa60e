// POST LicenseRequests/saveApplicationTypeID: the application type of a licence request.
import { application_types, type Db, licenseRequests } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors';
import { staffWrites } from './access';
import { loadLicenseRequest } from './references';

/**
 * Sets the request's application type. Staff with responses.write, or the person whose request it
 * is while it is not submitted. Without an application type it answers false, as the spec says.
 */
export async function saveApplicationType(
  db: Db,
  auth: AuthContext,
  actor: Actor,
  requestId: string,
  applicationTypeId: string | null | undefined,
): Promise<boolean> {
  if (!applicationTypeId) return false;
  return db.transaction(async (tx) => {
    const request = await loadLicenseRequest(tx, actor.enterpriseId, requestId);
    const staff = staffWrites(auth);
    const own = request?.user_id === auth.userId;
    if (!request || (!staff && !own && (!auth.isStaff || auth.isPortal))) throw notFound('licence request');
    if (!staff && !own) throw forbidden();
    if (!staff && request.progress === 2)
      throw new AppError('conflict', 'This request has been submitted; its application type cannot change.');
    const [type] = await tx
      .select({ id: application_types.id })
      .from(application_types)
      .where(
        and(
          eq(application_types.id, applicationTypeId),
          eq(application_types.enterprise_id, actor.enterpriseId),
        ),
      );
    if (!type) throw badRequest({ applicationTypeID: 'There is no such application type.' });
    const [after] = await tx
      .update(licenseRequests)
      .set({ application_type_id: applicationTypeId, updated_at: new Date() })
      .where(eq(licenseRequests.id, request.id))
      .returning();
    await recordChange(tx, actor, {
      entity: 'license_requests',
      objectId: request.id,
      action: 'update',
      before: request,
      after,
    });
    return true;
  });
}
