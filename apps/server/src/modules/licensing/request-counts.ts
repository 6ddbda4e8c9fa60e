import type { RequestQueueQuery } from '@licensure/contracts';
import { type Db, licenseRequests } from '@licensure/db';
import type { AuthContext } from '../../platform/auth/context';
import { countAll } from '../../platform/resources/list-query';
import { accountCounters } from '../account/counts';
import { queueWhere } from './queue-query';

/**
 * The dashboard's work counts, each the total of a queue filter the dashboard links to, so that a
 * count and the list it opens always agree.
 */
export const dashboardQueues = {
  review_count: { state: 'submitted' },
  checkout_count: { state: 'open', assigned_to: 'me' },
  continue_count: { state: 'with_applicant', created_by: 'me' },
} as const satisfies Record<string, Partial<RequestQueueQuery>>;

async function queueCount(db: Db, auth: AuthContext, filter: Partial<RequestQueueQuery>): Promise<number> {
  const q = { currentPage: 1, numPerPage: 1, ...filter } as RequestQueueQuery;
  const [row] = await db
    .select({ n: countAll })
    .from(licenseRequests)
    .where(queueWhere(auth.enterpriseId, auth, q));
  return row?.n ?? 0;
}

/** Registers licensing's counts with the account (staff who read requests; others see none to review). */
export function registerRequestCounters(): void {
  accountCounters.set('review_count', (db, auth) =>
    auth.permissions.has('requests.read')
      ? queueCount(db, auth, dashboardQueues.review_count)
      : Promise.resolve(0),
  );
  accountCounters.set('checkout_count', (db, auth) =>
    auth.permissions.has('requests.review')
      ? queueCount(db, auth, dashboardQueues.checkout_count)
      : Promise.resolve(0),
  );
  accountCounters.set('continue_count', (db, auth) => queueCount(db, auth, dashboardQueues.continue_count));
}
