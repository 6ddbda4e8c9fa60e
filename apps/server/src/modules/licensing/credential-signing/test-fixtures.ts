import { randomBytes } from 'node:crypto';
import { createEnterprise, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-app';

export const SSN_KEY = randomBytes(32).toString('base64');
export const HOST_A = 'licensing.state-a.example.gov';
export const HOST_B = 'licensing.state-b.example.gov';

/**
 * A server whose enterprise publishes its keys at HOST_A (signing configured), a second enterprise at
 * HOST_B, and `credential(...)` entering a credential held by the test's applicant.
 */
export async function signingContext() {
  const t = await createTestContext({ SSN_KEY });
  await t.database.db
    .update(enterprises)
    .set({ address: `https://${HOST_A}` })
    .where(eq(enterprises.id, t.enterpriseId));
  const other = await t.database.db.transaction((tx) =>
    createEnterprise(tx, { name: 'State B EMS', abbreviation: 'SB', address: `https://${HOST_B}` }),
  );
  t.app.deps.resolver.invalidate();
  const licence = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: { license: { name: 'EMT Certification', entity: 'user' } },
  });
  if (licence.statusCode !== 200 && licence.statusCode !== 201) throw new Error(`licence: ${licence.body}`);
  const licenseId = licence.json().id as string;
  let n = 0;
  async function credential(values: { expiration_date?: string; user_id?: string } = {}) {
    n += 1;
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/certifications',
      headers: { host: HOST_A },
      payload: {
        certification: {
          license_id: licenseId,
          user_id: values.user_id ?? t.applicant.userId,
          number: `EMT-${String(n).padStart(4, '0')}`,
          issue_date: '2026-01-15',
          expiration_date: values.expiration_date ?? '2099-06-30',
        },
      },
    });
    if (res.statusCode !== 201) throw new Error(`credential: ${res.body}`);
    return res.json() as { id: string; number: string };
  }
  /** The signed statement a card's QR code carries, as its holder gets it. */
  async function cardToken(t2: TestContext, id: string): Promise<string> {
    const res = await t2.call(t2.applicant, {
      method: 'GET',
      url: `/api/certifications/${id}/verifyurl`,
      headers: { host: HOST_A },
    });
    if (res.statusCode !== 200) throw new Error(`verifyurl: ${res.body}`);
    const url = new URL(res.json().url as string);
    return url.searchParams.get('token') ?? '';
  }
  return {
    t,
    otherEnterpriseId: other.id,
    licenseId,
    credential,
    cardToken: (id: string) => cardToken(t, id),
  };
}
