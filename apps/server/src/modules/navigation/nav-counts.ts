import { type NavCountKey, type NavCounts, navCountCatalog, navCountKeys } from '@licensure/contracts';
import { type Db, ipVisits, licenseRequests, mailLog, triggerLogs } from '@licensure/db';
import { and, count, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** How far back failed automation counts: a failure stays in the trigger log, but old ones are not waiting. */
export const FAILED_AUTOMATION_DAYS = 7;

/** Each count: its table and the condition that makes a row waiting work, within one enterprise. */
const counters: Record<NavCountKey, (enterpriseId: string) => { table: PgTable; where: SQL | undefined }> = {
  requestsToReview: (enterpriseId) => ({
    table: licenseRequests,
    where: and(
      eq(licenseRequests.enterprise_id, enterpriseId),
      isNull(licenseRequests.deleted_at),
      eq(licenseRequests.review_state, 'submitted'),
    ),
  }),
  overdueInspections: (enterpriseId) => ({
    table: ipVisits,
    where: and(
      eq(ipVisits.enterprise_id, enterpriseId),
      isNull(ipVisits.deleted_at),
      inArray(ipVisits.status, ['scheduled', 'in_progress']),
      lt(ipVisits.inspection_date, sql`current_date`),
    ),
  }),
  failedAutomation: (enterpriseId) => ({
    table: triggerLogs,
    where: and(
      eq(triggerLogs.enterprise_id, enterpriseId),
      eq(triggerLogs.status, 'failed'),
      gte(triggerLogs.created_at, sql`now() - make_interval(days => ${FAILED_AUTOMATION_DAYS})`),
    ),
  }),
  unsentMail: (enterpriseId) => ({
    table: mailLog,
    where: and(eq(mailLog.enterprise_id, enterpriseId), eq(mailLog.status, 'failed')),
  }),
};

/** The keys whose permission the caller holds: the only counts they are given. */
export function allowedCounts(permissions: ReadonlySet<string>): NavCountKey[] {
  return navCountKeys.filter((key) => permissions.has(navCountCatalog[key].permission));
}

/** The allowed counts, one indexed count(*) each, run side by side. */
export async function navCountsFor(db: Db, enterpriseId: string, keys: NavCountKey[]): Promise<NavCounts> {
  const values = await Promise.all(
    keys.map(async (key) => {
      const { table, where } = counters[key](enterpriseId);
      const [row] = await db.select({ n: count() }).from(table).where(where);
      return [key, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(values);
}
