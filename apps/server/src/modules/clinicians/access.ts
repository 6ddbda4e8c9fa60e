import { type Db, services } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { notFound, unauthenticated } from '../../platform/http/errors';
import { requirePolicy, staffOrAdministers } from '../../platform/permissions/policies';

/** Staff with registry.read, or an administrator of the service, read its roster. */
export const rosterReaders = staffOrAdministers('registry.read');
/** Staff with registry.write, or an administrator of the service, change its roster. */
export const rosterWriters = staffOrAdministers('registry.write');

/**
 * The caller may act on the service's roster under `policy` (staff with its permission, or a current
 * administrator of that service). 403 before 404, so existence is not revealed.
 */
export async function assertRosterAccess(
  db: Db,
  auth: AuthContext | null,
  enterpriseId: string,
  serviceId: string,
  policy: typeof rosterReaders,
): Promise<void> {
  if (!auth) throw unauthenticated();
  await requirePolicy(policy, { db, auth, enterpriseId }, serviceId);
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(eq(services.id, serviceId), eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at)),
    );
  if (!service) throw notFound('service');
}
