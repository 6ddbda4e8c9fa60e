import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { paymentGateways, vouchers } from '../schema/payments';
import { application_types, license_category_levels } from '../schema/reference';
import { createSubmittedRequest } from './demo-requests';

/**
 * Demo payments: the enterprise takes card payments through the local test gateway (the app's own
 * hosted page, so checkout works with no network), and the demo applicant has a submitted request
 * whose fees wait for payment, so the portal's checkout has something to pay at once, and a $25.00
 * voucher (WELCOME25) to pay part of it with.
 */
export async function seedDemoPayments(
  tx: Tx,
  enterpriseId: string,
  options: { applicantId: string; licenseId: string; formId: string },
) {
  await tx
    .insert(paymentGateways)
    .values({
      enterprise_id: enterpriseId,
      gateway: 'test',
      settings: { currency: 'USD', locale: 'en-us' },
      secret_key: randomBytes(32).toString('base64'),
    })
    .onConflictDoNothing();
  const [initial] = await tx
    .select({ id: application_types.id })
    .from(application_types)
    .where(and(eq(application_types.license_id, options.licenseId), eq(application_types.label, 'Initial')));
  const [emt] = await tx
    .select({ id: license_category_levels.id })
    .from(license_category_levels)
    .where(
      and(
        eq(license_category_levels.license_id, options.licenseId),
        eq(license_category_levels.label, 'EMT'),
      ),
    );
  await createSubmittedRequest(tx, enterpriseId, {
    licenseId: options.licenseId,
    userId: options.applicantId,
    formId: options.formId,
    submittedAt: new Date(Date.now() - 2 * 86_400_000),
    choices:
      initial && emt
        ? [{ application_type_id: initial.id as string, license_category_level_id: emt.id as string }]
        : [],
    charges: [
      { description: 'Application fee', amount_cents: 5000 },
      { description: 'Fee per level', amount_cents: 1000 },
    ],
  });
  await tx.insert(vouchers).values({
    enterprise_id: enterpriseId,
    code: 'WELCOME25',
    user_id: options.applicantId,
    amount_cents: 2500,
    note: 'Demo voucher: pays $25.00 of one request once.',
  });
}
