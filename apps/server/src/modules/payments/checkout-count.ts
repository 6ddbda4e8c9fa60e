import { type Db, licenseRequests } from '@licensure/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { accountCounters } from '../account/counts';
import { basketTotals } from './basket';

/** The caller's own requests that still owe money: what the portal's checkout offers to pay. */
export async function payableRequestCount(db: Db, auth: AuthContext): Promise<number> {
  const mine = await db
    .select()
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.enterprise_id, auth.enterpriseId),
        eq(licenseRequests.user_id, auth.userId),
        isNull(licenseRequests.deleted_at),
        ne(licenseRequests.review_state, 'withdrawn'),
      ),
    )
    .orderBy(asc(licenseRequests.created_at))
    .limit(200);
  if (mine.length === 0) return 0;
  const totals = await basketTotals(db, mine);
  return totals.items.filter((i) => i.due_cents > 0).length;
}

/**
 * The account's `checkout_count`: for a reviewer, the requests they have checked out (licensing's
 * count, registered before this module); for everyone else, their requests waiting for payment.
 */
export function registerCheckoutCount(): void {
  const reviewerCount = accountCounters.get('checkout_count');
  accountCounters.set('checkout_count', (db, auth) =>
    reviewerCount && auth.permissions.has('requests.review')
      ? reviewerCount(db, auth)
      : payableRequestCount(db, auth),
  );
}
