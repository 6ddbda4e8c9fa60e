import { type Db, licenseRequestHistory, licenseRequests, type Tx } from '@licensure/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';

export interface RenewedLicensee {
  user_id: string;
  certification_id: string;
}

/**
 * The licensees renewed in a window: people whose renewal request was approved (its `issued` history
 * entry) between `from` and `to`, each once, with the credential renewed last in the window.
 */
export async function renewedLicensees(
  db: Db | Tx,
  enterpriseId: string,
  from: string,
  to: string,
): Promise<RenewedLicensee[]> {
  const issuedOn = sql`(${licenseRequestHistory.at})::date`;
  const rows = await db
    .selectDistinctOn([licenseRequests.user_id], {
      user_id: licenseRequests.user_id,
      certification_id: licenseRequests.renews_certification_id,
    })
    .from(licenseRequests)
    .innerJoin(
      licenseRequestHistory,
      and(
        eq(licenseRequestHistory.license_request_id, licenseRequests.id),
        eq(licenseRequestHistory.kind, 'issued'),
      ),
    )
    .where(
      and(
        eq(licenseRequests.enterprise_id, enterpriseId),
        eq(licenseRequests.review_state, 'approved'),
        isNull(licenseRequests.deleted_at),
        isNotNull(licenseRequests.user_id),
        isNotNull(licenseRequests.renews_certification_id),
        sql`${issuedOn} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(licenseRequests.user_id, sql`${licenseRequestHistory.at} desc`);
  return rows as RenewedLicensee[];
}

/** How many of `population` a sample of `percentage` percent takes: rounded up, at least one. */
export const sampleSize = (population: number, percentage: number): number =>
  population === 0 ? 0 : Math.min(population, Math.max(1, Math.ceil((population * percentage) / 100)));

/** `count` items drawn at random without replacement (Fisher–Yates on a copy). */
export function drawSample<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
