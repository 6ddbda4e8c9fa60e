import { type Db, licenseRequests, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, unauthenticated } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions';
import { applicantMayEdit, effectiveState } from './decisions';

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
  options: { includeDeleted?: boolean; lock?: boolean } = {},
): Promise<RequestRow> {
  if (!auth) throw unauthenticated();
  const query = db
    .select()
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.id, id),
        eq(licenseRequests.enterprise_id, enterpriseId),
        options.includeDeleted ? undefined : isNull(licenseRequests.deleted_at),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('licence request');
  if (auth.permissions.has('requests.read')) return row;
  if (!(await speaksFor(db, auth, enterpriseId, row))) throw notFound('licence request');
  return row;
}

/**
 * A request the caller may change: staff with requests.write any; the applicant their own while it
 * is theirs to edit (a draft, or returned for corrections).
 */
export async function changeableRequest(
  db: Db | Tx,
  request: FastifyRequest,
  id: string,
): Promise<RequestRow> {
  const row = await visibleRequest(db, request.auth, request.enterpriseId, id, { lock: true });
  const auth = request.auth!;
  if (auth.permissions.has('requests.write')) return row;
  if (!(await speaksFor(db, auth, request.enterpriseId, row))) throw notFound('licence request');
  if (!applicantMayEdit(effectiveState(row)))
    throw new AppError('conflict', 'This request was submitted and can no longer be changed.');
  return row;
}

/** A request the caller speaks for as its applicant (staff with requests.write act for anyone). */
export async function applicantsRequest(
  db: Db | Tx,
  request: FastifyRequest,
  id: string,
): Promise<RequestRow> {
  const row = await visibleRequest(db, request.auth, request.enterpriseId, id, { lock: true });
  const auth = request.auth!;
  if (auth.permissions.has('requests.write')) return row;
  if (await speaksFor(db, auth, request.enterpriseId, row)) return row;
  // Staff who may read it but not act for the applicant are refused; others never learn it exists.
  throw auth.permissions.has('requests.read') ? forbidden() : notFound('licence request');
}
