import { type Db, licenseRequests, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { notFound, unauthenticated } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions';

type RequestRow = typeof licenseRequests.$inferSelect;

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
