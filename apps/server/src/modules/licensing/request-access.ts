import { type Db, licenseRequests, servicePersonnel, serviceVehicles, type Tx } from '@licensure/db';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { notFound, unauthenticated } from '../../platform/http/errors';
import { activeEntry } from '../clinicians/write-roster';
import { currentLink, today } from '../registry/common';

type RequestRow = typeof licenseRequests.$inferSelect;

/** Services the person administers today (an active roster entry with the administrator flag). */
export async function administeredServiceIds(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
): Promise<string[]> {
  const d = today();
  const rows = await db
    .select({ id: servicePersonnel.service_id })
    .from(servicePersonnel)
    .where(
      and(
        eq(servicePersonnel.enterprise_id, enterpriseId),
        eq(servicePersonnel.user_id, userId),
        eq(servicePersonnel.is_administrator, true),
        or(isNull(servicePersonnel.start_date), lte(servicePersonnel.start_date, d)),
        activeEntry(),
      ),
    );
  return [...new Set(rows.map((r) => r.id))];
}

/** The service a vehicle belongs to today, if any. */
export async function currentServiceOfVehicle(db: Db | Tx, vehicleId: string): Promise<string | null> {
  const d = today();
  const [link] = await db
    .select({ service_id: serviceVehicles.service_id })
    .from(serviceVehicles)
    .where(
      and(
        eq(serviceVehicles.vehicle_id, vehicleId),
        or(isNull(serviceVehicles.start_date), lte(serviceVehicles.start_date, d)),
        currentLink,
      ),
    )
    .limit(1);
  return link?.service_id ?? null;
}

/**
 * Whether a portal user stands for the subject of a request: the person themself, an administrator
 * of the service, or of the service a vehicle belongs to.
 */
export async function speaksFor(
  db: Db | Tx,
  auth: AuthContext,
  enterpriseId: string,
  subject: { user_id: string | null; service_id: string | null; vehicle_id: string | null },
): Promise<boolean> {
  if (subject.user_id) return subject.user_id === auth.userId;
  const managed = await administeredServiceIds(db, enterpriseId, auth.userId);
  if (subject.service_id) return managed.includes(subject.service_id);
  if (subject.vehicle_id) {
    const service = await currentServiceOfVehicle(db, subject.vehicle_id);
    return service !== null && managed.includes(service);
  }
  return false;
}

/**
 * A request the caller may see: staff with requests.read see any; a portal user only the requests
 * they speak for (another person's request is a 404, never a 403, so ids cannot be probed).
 */
export async function visibleRequest(
  db: Db | Tx,
  auth: AuthContext | null,
  enterpriseId: string,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<RequestRow> {
  if (!auth) throw unauthenticated();
  const [row] = await db
    .select()
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.id, id),
        eq(licenseRequests.enterprise_id, enterpriseId),
        options.includeDeleted ? undefined : isNull(licenseRequests.deleted_at),
      ),
    );
  if (!row) throw notFound('licence request');
  if (auth.permissions.has('requests.read')) return row;
  if (!(await speaksFor(db, auth, enterpriseId, row))) throw notFound('licence request');
  return row;
}
