import { randomUUID } from 'node:crypto';
import { createEnterprise, createUser, licenseRequests, referenceTables, vouchers } from '@licensure/db';
import type { Caller, TestContext } from '../../test/test-app';

/** A licence for the payment tests (made once a context). */
export async function paymentLicence(t: TestContext): Promise<string> {
  const res = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: { name: `Paid licence ${randomUUID().slice(0, 8)}`, entity: 'user' },
      license_request_statuses: [{ label: 'In progress', code: 'in_progress', sort_order: 1 }],
    },
  });
  if (res.statusCode !== 200) throw new Error(`licence: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** A request of `caller` owing these charges (in cents), none paid. */
export async function payableRequest(
  t: TestContext,
  caller: Caller,
  licenseId: string,
  cents: readonly number[],
): Promise<string> {
  const res = await t.call(caller, {
    method: 'POST',
    url: '/api/LicenseRequests',
    payload: { license_request: { license_id: licenseId } },
  });
  if (res.statusCode !== 201) throw new Error(`request: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  for (const [i, amount] of cents.entries())
    await t.database.db.insert(referenceTables.license_request_charges).values({
      enterprise_id: t.enterpriseId,
      license_request_id: id,
      description: `Fee ${i + 1}`,
      quantity: 1,
      amount_cents: amount,
      paid: false,
    });
  return id;
}

/** A voucher of `cents` for a person (or anyone holding the code). */
export async function issueVoucher(t: TestContext, userId: string | null, cents: number) {
  const [v] = await t.database.db
    .insert(vouchers)
    .values({
      enterprise_id: t.enterpriseId,
      code: `V-${randomUUID().slice(0, 8)}`,
      user_id: userId,
      amount_cents: cents,
    })
    .returning();
  if (!v) throw new Error('voucher insert returned nothing');
  return v;
}

/** Fields of a form page's hidden inputs. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = (s: string) =>
    s
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    out[text(m[1] ?? '')] = text(m[2] ?? '');
  return out;
}

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** A second enterprise with a person owing a fee there: what the first enterprise's staff must not reach. */
export async function otherEnterprisePerson(t: TestContext) {
  const db = t.database.db;
  const enterprise = await db.transaction((tx) =>
    createEnterprise(tx, { name: `Other ${randomUUID().slice(0, 6)}`, abbreviation: 'OT' }),
  );
  const person = await createUser(db, enterprise.id, { first_name: 'Olive', last_name: 'Elsewhere' });
  const [request] = await db
    .insert(licenseRequests)
    .values({ enterprise_id: enterprise.id, user_id: person.id, review_state: 'submitted' })
    .returning();
  await db.insert(referenceTables.license_request_charges).values({
    enterprise_id: enterprise.id,
    license_request_id: request!.id,
    description: 'Fee elsewhere',
    quantity: 1,
    amount_cents: 1200,
    paid: false,
  });
  return { enterpriseId: enterprise.id, personId: person.id, requestId: request!.id };
}
