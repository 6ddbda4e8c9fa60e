import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { licenseRequests } from '../schema/forms';
import { licenseRequestHistory } from '../schema/licensing';
import { transactionAllocations, transactions } from '../schema/payments';
import { users } from '../schema/platform';
import { certification_levels } from '../schema/reference';
import { certifications } from '../schema/registry';
import { createUser } from './factories';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const people = [
  ['Jordan', 'Reyes', '48491'],
  ['Casey', 'Nguyen', '48201'],
  ['Morgan', 'Patel', '48113'],
  ['Taylor', 'Brooks', '48029'],
  ['Jamie', 'Ortiz', '48439'],
  ['Quinn', 'Harper', '48121'],
  ['Rowan', 'Ellis', '48201'],
  ['Skyler', 'Vance', '48085'],
] as const;

/**
 * Six months of the office's work for the dashboard (issue 30): decided requests with their history
 * (some returned to the applicant, some asked for information), paid, a denial refunded in part;
 * credentials expiring in the next 90 days in several counties (the backlog is demo-requests'). The
 * processing times are recorded from this history when the server starts.
 */
export async function seedDemoInsight(tx: Tx, enterpriseId: string, licenseId: string): Promise<void> {
  const staff = await tx
    .select({ id: users.id, user_name: users.user_name })
    .from(users)
    .where(and(eq(users.enterprise_id, enterpriseId), sql`${users.user_name} in ('admin', 'reviewer')`));
  const admin = staff.find((s) => s.user_name === 'admin')?.id ?? null;
  const reviewer = staff.find((s) => s.user_name === 'reviewer')?.id ?? null;
  const applicants = [];
  for (const [first_name, last_name, county_fips] of people)
    applicants.push(
      await createUser(tx, enterpriseId, {
        first_name,
        last_name,
        county_fips,
        state: 'TX',
        email: `${first_name.toLowerCase()}.${last_name.toLowerCase()}@example.com`,
      }),
    );
  const now = Date.now();
  // 36 decisions over 180 days: 2 to 40 days of staff time; every fourth returned once, every fifth asked.
  for (let i = 0; i < 36; i++) {
    const applicant = applicants[i % applicants.length]!;
    const submitted = now - (185 - i * 5) * DAY + (i % 7) * HOUR;
    const staffDays = 2 + ((i * 7) % 39);
    const returnedDays = i % 4 === 0 ? 3 + (i % 9) : 0;
    const infoDays = i % 5 === 0 ? 1 + (i % 6) : 0;
    const decided = submitted + (staffDays + returnedDays + infoDays) * DAY;
    if (decided > now - DAY) continue;
    const denied = i % 9 === 4;
    const resubmitted = returnedDays ? submitted + 2 * DAY + returnedDays * DAY : null;
    const decider = i % 3 === 0 ? admin : reviewer;
    const [request] = await tx
      .insert(licenseRequests)
      .values({
        enterprise_id: enterpriseId,
        license_id: licenseId,
        user_id: applicant.id,
        created_by: applicant.id,
        progress: 2,
        review_state: denied ? 'denied' : 'approved',
        completed_on: new Date(resubmitted ?? submitted),
        created_at: new Date(submitted - DAY),
      })
      .returning({ id: licenseRequests.id });
    const steps: [typeof licenseRequestHistory.$inferInsert.kind, number, string | null][] = [
      ['submitted', submitted, applicant.id],
    ];
    if (resubmitted) {
      steps.push(['returned', submitted + 2 * DAY, decider]);
      steps.push(['submitted', resubmitted, applicant.id]);
    }
    if (infoDays) {
      steps.push(['info_requested', decided - (infoDays + 1) * DAY, decider]);
      steps.push(['info_answered', decided - DAY, applicant.id]);
    }
    steps.push([denied ? 'denied' : 'issued', decided, decider]);
    await tx.insert(licenseRequestHistory).values(
      steps.map(([kind, at, user_id]) => ({
        enterprise_id: enterpriseId,
        license_request_id: request!.id,
        kind,
        at: new Date(at),
        user_id,
      })),
    );
    const paidAt = new Date(submitted + HOUR);
    const [payment] = await tx
      .insert(transactions)
      .values({
        enterprise_id: enterpriseId,
        user_id: applicant.id,
        method: i % 10 === 3 ? 'voucher' : i % 4 === 1 ? 'check' : 'test',
        state: 'settled',
        amount_cents: 7500,
        settled_at: paidAt,
        created_at: paidAt,
      })
      .returning({ id: transactions.id });
    await tx.insert(transactionAllocations).values({
      enterprise_id: enterpriseId,
      transaction_id: payment!.id,
      license_request_id: request!.id,
      amount_cents: 7500,
    });
    if (denied) {
      const refundedAt = new Date(decided + DAY);
      const [refund] = await tx
        .insert(transactions)
        .values({
          enterprise_id: enterpriseId,
          user_id: applicant.id,
          kind: 'refund',
          method: 'test',
          state: 'settled',
          amount_cents: 2500,
          refund_of_id: payment!.id,
          settled_at: refundedAt,
          created_at: refundedAt,
        })
        .returning({ id: transactions.id });
      await tx.insert(transactionAllocations).values({
        enterprise_id: enterpriseId,
        transaction_id: refund!.id,
        license_request_id: request!.id,
        amount_cents: -2500,
      });
    }
  }
  // Credentials expiring within 90 days, in the applicants' counties.
  const [level] = await tx
    .select({ id: certification_levels.id })
    .from(certification_levels)
    .where(eq(certification_levels.enterprise_id, enterpriseId))
    .orderBy(certification_levels.sort_order)
    .limit(1);
  await tx.insert(certifications).values(
    applicants.map((a, i) => ({
      enterprise_id: enterpriseId,
      user_id: a.id,
      license_id: licenseId,
      certification_level_id: level?.id ?? null,
      number: `DEMO-EXP-${1001 + i}`,
      status: 'active' as const,
      issue_date: new Date(now - 700 * DAY).toISOString().slice(0, 10),
      expiration_date: new Date(now + (8 + i * 11) * DAY).toISOString().slice(0, 10),
    })),
  );
}
