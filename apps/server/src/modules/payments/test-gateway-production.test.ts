import { randomBytes, randomUUID } from 'node:crypto';
import { paymentGateways } from '@licensure/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext } from '../../test/test-app';
import { form, hiddenFields, payableRequest, paymentLicence } from './test-fixtures';
import { warnTestGatewayInProduction } from './test-gateway-warning';

// Issue 23, item 3: the local test gateway used to be every enterprise's default, in production too,
// so anyone could "pay" a fee with the test page's Pay button. In production it is off unless
// PAYMENT_TEST_GATEWAY=true, and then every payment page says that no money is taken.

const NO_CARDS = 'Card payments are not available. Pay by check or in person at the office; staff record it.';

const preSave = (t: TestContext, items: string[]) =>
  t.call(t.applicant, {
    method: 'POST',
    url: '/api/preSaveCyberSource',
    payload: { args: { items, idempotency_key: randomUUID() } },
  });
const due = async (t: TestContext, id: string) =>
  (await t.call(t.applicant, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${id}` })).json()
    .due_cents as number;
const session = async (t: TestContext) =>
  (await t.call(t.applicant, { method: 'GET', url: '/api/GetSessionDataForPayment' })).json();

describe('PAYMENT_TEST_GATEWAY', () => {
  it('is off in production unless set, on elsewhere unless set off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paymentTestGateway).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_TEST_GATEWAY: 'true' }).paymentTestGateway).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).paymentTestGateway).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_TEST_GATEWAY: 'false' }).paymentTestGateway).toBe(false);
  });
});

describe('in production, an enterprise with no gateway', () => {
  let t: TestContext;
  let licence: string;
  beforeAll(async () => {
    t = await createTestContext({ NODE_ENV: 'production' });
    licence = await paymentLicence(t);
  });
  afterAll(async () => t?.close());

  it('takes no card payments, and the portal says how to pay instead', async () => {
    const a = await payableRequest(t, t.applicant, licence, [2500]);
    const data = await session(t);
    expect(data).toMatchObject({ gateway: null, test_payments: false });
    expect(data.pay_otherwise).toEqual({ message: NO_CARDS, office: 'Test State EMS' });

    const opened = await preSave(t, [a]);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().error.message).toBe(NO_CARDS);
    const attributes = await t.call(t.applicant, { method: 'GET', url: '/api/getAttributes' });
    expect(attributes.statusCode).toBe(409);
    const methods = await t.call(t.applicant, { method: 'GET', url: '/api/getPaymentMethods' });
    expect(methods.json().map((m: { value: string }) => m.value)).toEqual(['voucher']);
    // The test gateway's public pages are not there, whatever is posted to them.
    for (const page of ['pay', 'decide']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payments/testgateway/${page}`,
        ...form({ amount: '25.00', decision: 'ACCEPT' }),
      });
      expect(res.statusCode).toBe(404);
    }
    // Nothing was configured behind the enterprise's back, and the fee is still owed.
    const rows = await t.database.db
      .select()
      .from(paymentGateways)
      .where(eq(paymentGateways.enterprise_id, t.enterpriseId));
    expect(rows).toEqual([]);
    expect(await due(t, a)).toBe(2500);
    // Staff still record a check.
    const check = await t.call(t.admin, {
      method: 'POST',
      url: '/api/directPayment',
      payload: {
        payment: { items: [a], method: 'check', reference_number: 'C-1', idempotency_key: randomUUID() },
      },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(await due(t, a)).toBe(0);
  });

  it('does not use a test gateway stored before (every enterprise got one by default)', async () => {
    await t.database.db.insert(paymentGateways).values({
      enterprise_id: t.enterpriseId,
      gateway: 'test',
      secret_key: randomBytes(32).toString('base64'),
    });
    const a = await payableRequest(t, t.applicant, licence, [1000]);
    expect((await session(t)).gateway).toBeNull();
    expect((await preSave(t, [a])).statusCode).toBe(409);
    await t.database.db.delete(paymentGateways).where(eq(paymentGateways.enterprise_id, t.enterpriseId));
  });
});

describe('in production with PAYMENT_TEST_GATEWAY=true', () => {
  let t: TestContext;
  let licence: string;
  beforeAll(async () => {
    t = await createTestContext({ NODE_ENV: 'production', PAYMENT_TEST_GATEWAY: 'true' });
    licence = await paymentLicence(t);
  });
  afterAll(async () => t?.close());

  it('the test gateway takes test payments, and says so on every payment page', async () => {
    const a = await payableRequest(t, t.applicant, licence, [1500]);
    const data = await session(t);
    expect(data).toMatchObject({ gateway: 'test', test_payments: true, pay_otherwise: null });
    const opened = await preSave(t, [a]);
    expect(opened.statusCode, opened.body).toBe(200);
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/payments/testgateway/pay',
      ...form(opened.json().fields),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Test payments: no money is taken');
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/payments/testgateway/decide',
      ...form({ ...hiddenFields(page.body), decision: 'ACCEPT' }),
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.body).toContain('Test payments: no money is taken');
    expect(await due(t, a)).toBe(0);
  });
});

describe('the warning at start', () => {
  const logged = () => {
    const lines: string[] = [];
    return { lines, log: pino({ level: 'info' }, { write: (s: string) => lines.push(s) }) };
  };

  it('warns in production when PAYMENT_TEST_GATEWAY=true, and only then', () => {
    const on = logged();
    expect(
      warnTestGatewayInProduction(
        loadConfig({ NODE_ENV: 'production', PAYMENT_TEST_GATEWAY: 'true' }),
        on.log,
      ),
    ).toBe(true);
    expect(on.lines).toHaveLength(1);
    const line = JSON.parse(on.lines[0]!);
    expect(line.level).toBe(40);
    expect(line.msg).toContain('no money is taken');

    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'development', PAYMENT_TEST_GATEWAY: 'true' },
    ]) {
      const off = logged();
      expect(warnTestGatewayInProduction(loadConfig(env), off.log)).toBe(false);
      expect(off.lines).toEqual([]);
    }
  });
});
