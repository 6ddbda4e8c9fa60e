import { requestMessages } from '@licensure/contracts';
import {
  type Db,
  licenseRequests,
  referenceTables,
  type Tx,
  userSecurityTemplates,
  users,
} from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest } from '../../platform/http/errors';
import { openStates } from './decisions';
import { visibleRequest } from './request-access';
import { history } from './request-store';

type RequestRow = typeof licenseRequests.$inferSelect;
const fullName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.user_name}, '')`;

/** Staff of the enterprise who review requests (a template grants requests.review): whom a request can go to. */
export async function reviewers(db: Db | Tx, enterpriseId: string, onlyId?: string) {
  const p = referenceTables.security_template_permissions;
  return db
    .select({ id: users.id, name: fullName })
    .from(users)
    .where(
      and(
        eq(users.enterprise_id, enterpriseId),
        eq(users.is_staff, true),
        isNull(users.deleted_at),
        onlyId ? eq(users.id, onlyId) : undefined,
        sql`exists (select 1 from ${userSecurityTemplates} ust join ${p} stp on stp.security_template_id = ust.security_template_id
          where ust.user_id = ${users.id} and stp.permission_key = 'requests.review')`,
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/**
 * Checks a request out to a reviewer (or releases it, `userId` null). A checkout by oneself is
 * refused while someone else holds it (take it over with assign); a decided request is not assigned.
 */
export async function assignRequest(
  tx: Tx,
  request: FastifyRequest,
  requestId: string,
  userId: string | null,
  mode: 'checkout' | 'assign',
): Promise<RequestRow> {
  const req = await visibleRequest(tx, request.auth, request.enterpriseId, requestId, { lock: true });
  if (userId && !openStates.includes(req.review_state))
    throw new AppError('conflict', requestMessages.notReviewable);
  let name: string | null = null;
  if (userId) {
    const [who] = await reviewers(tx, request.enterpriseId, userId);
    if (!who) throw badRequest({ user_id: requestMessages.notReviewer });
    name = who.name;
  }
  if (mode === 'checkout' && req.assigned_to && req.assigned_to !== userId) {
    const [holder] = await tx.select({ name: fullName }).from(users).where(eq(users.id, req.assigned_to));
    throw new AppError('conflict', requestMessages.checkedOutByOther(holder?.name ?? 'someone else'));
  }
  if (req.assigned_to === userId) return req;
  const [after] = await tx
    .update(licenseRequests)
    .set({ assigned_to: userId, assigned_at: userId ? new Date() : null, updated_at: new Date() })
    .where(eq(licenseRequests.id, req.id))
    .returning();
  if (!after) throw new Error('request update returned nothing');
  await history(tx, request, req.id, {
    kind: 'assigned',
    internal: true,
    note: name ? `Checked out to ${name}` : 'Released',
    details: { assigned_to: userId },
  });
  await recordChange(tx, actorOf(request), {
    entity: 'license_requests',
    objectId: req.id,
    action: 'update',
    before: { assigned_to: req.assigned_to, assigned_at: req.assigned_at },
    after: { assigned_to: after.assigned_to, assigned_at: after.assigned_at },
  });
  return after;
}
