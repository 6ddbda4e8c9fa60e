import type { Db } from '@licensure/db';
import type { AuthContext } from '../../platform/auth/context';

export type AccountCountKey = 'continue_count' | 'review_count' | 'checkout_count';

/**
 * The account's work counts, computed by the modules that own the work: licensing (requests to
 * continue, requests to review) and inspections (inspections checked out). Each registers here when
 * it lands; until then the count is 0.
 */
export const accountCounters = new Map<AccountCountKey, (db: Db, auth: AuthContext) => Promise<number>>();

export async function accountCounts(db: Db, auth: AuthContext): Promise<Record<AccountCountKey, number>> {
  const keys: AccountCountKey[] = ['continue_count', 'review_count', 'checkout_count'];
  const values = await Promise.all(keys.map((k) => accountCounters.get(k)?.(db, auth) ?? Promise.resolve(0)));
  return Object.fromEntries(keys.map((k, i) => [k, values[i] ?? 0])) as Record<AccountCountKey, number>;
}
