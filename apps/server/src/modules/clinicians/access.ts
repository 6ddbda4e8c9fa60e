import type { PermissionKey } from '@licensure/contracts';
import { type Db, services } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { forbidden, notFound, unauthenticated } from '../../platform/http/errors';
import { administers } from '../../platform/permissions';

/**
 * The caller may act on the service's roster with `permission`, or as a current administrator of
 * that service (service_personnel.is_administrator). 403 before 404, so existence is not revealed.
 */
export async function assertRosterAccess(
  db: Db,
  auth: AuthContext | null,
  enterpriseId: string,
  serviceId: string,
  permission: PermissionKey,
): Promise<void> {
  if (!auth) throw unauthenticated();
  if (!auth.permissions.has(permission) && !(await administers(db, enterpriseId, auth.userId, serviceId)))
    throw forbidden();
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(eq(services.id, serviceId), eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at)),
    );
  if (!service) throw notFound('service');
}
