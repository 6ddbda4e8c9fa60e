import { randomUUID } from 'node:crypto';
import { domainEvents, referenceTables, transactionAllocations } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { signAnswer, verifyAnswer, verifyRequest } from './cybersource-sign';
import { answerKeyOf, gatewayOf } from './gateway';
import { form, hiddenFields, payableRequest, paymentLicence } from './test-fixtures';

let t: TestContext;
let other: Caller;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const totals = (caller: Caller | null, items: string) =>
  t.call(caller, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${items}` });
const preSave = (caller: Caller, items: string[], key = randomUUID()) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/preSaveCyberSource',
    payload: { args: { items, idempotency_key: key } },
  });

/** The browser's trip through the test gateway: its page, a decision, and the page returning to the receipt. */
async function throughGateway(fields: Record<string, string>, decision: 'ACCEPT' | 'DECLINE' | 'CANCEL') {
  const pageRes = await t.app.inject({
    method: 'POST',
    url: '/api/payments/testgateway/pay',
    ...form(fields),
  });
  expect(pageRes.statusCode, pageRes.body).toBe(200);
  expect(pageRes.headers['content-security-policy']).toContain("form-action 'self'");
  const decided = await t.app.inject({
    method: 'POST',
    url: '/api/payments/testgateway/decide',
    ...form({ ...hiddenFields(pageRes.body), card_number: '4111111111111111', decision }),
  });
  expect(decided.statusCode).toBe(200);
  return hiddenFields(decided.body);
}

describe('checkout through the local test gateway', () => {
  it('totals a basket, pays it once, and a replayed notification records nothing', async () => {
    const a = await payableRequest(t, t.applicant, licence, [5000, 1500]);
    const b = await payableRequest(t, t.applicant, licence, [2500]);
    const sum = await totals(t.applicant, `${a},${b}`);
    expect(sum.statusCode, sum.body).toBe(200);
    expect(sum.json()).toMatchObject({ charges_cents: 9000, due_cents: 9000, paid_cents: 0 });

    const session = (
      await t.call(t.applicant, { method: 'GET', url: '/api/GetSessionDataForPayment' })
    ).json();
    expect(session.gateway).toBe('test');
    expect(session.payable.map((p: { license_request_id: string }) => p.license_request_id)).toEqual([a, b]);

    const key = randomUUID();
    const opened = await preSave(t.applicant, [a, b], key);
    expect(opened.statusCode, opened.body).toBe(200);
    const signed = opened.json();
    expect(signed.url).toBe('/api/payments/testgateway/pay');
    expect(signed.fields).toMatchObject({ amount: '90.00', currency: 'USD', transaction_type: 'sale' });
    expect(signed.fields.signed_date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const config = await gatewayOf(t.database.db, t.enterpriseId, true);
    expect(verifyRequest(signed.fields, config!.secretKey)).not.toBeNull();
    // A signed request form is never an answer, with the request key or the test gateway's answer key.
    expect(verifyAnswer(signed.fields, config!.secretKey)).toBeNull();
    expect(verifyAnswer(signed.fields, answerKeyOf(config!))).toBeNull();
    // The same key again: the same payment and transaction_uuid, nothing new.
    const again = (await preSave(t.applicant, [a, b], key)).json();
    expect(again.transaction_id).toBe(signed.transaction_id);
    expect(again.fields.transaction_uuid).toBe(signed.fields.transaction_uuid);

    // The payer may add billing details through sign, never change the amount.
    const resigned = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/sign',
      payload: { fields: { ...signed.fields, bill_to_forename: 'Ada' } },
    });
    expect(resigned.statusCode, resigned.body).toBe(200);
    expect(resigned.json().fields.bill_to_forename).toBe('Ada');
    const cheaper = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/sign',
      payload: { fields: { ...signed.fields, amount: '1.00' } },
    });
    expect(cheaper.statusCode).toBe(400);
    const stranger = await t.call(other, {
      method: 'POST',
      url: '/api/sign',
      payload: { fields: signed.fields },
    });
    expect(stranger.statusCode).toBe(404);

    const answer = await throughGateway(resigned.json().fields, 'ACCEPT');
    expect(answer.decision).toBe('ACCEPT');
    // The notification already recorded it; the browser's return lands on the receipt page.
    const back = await t.app.inject({ method: 'POST', url: '/api/payments/receipt', ...form(answer) });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/portal/payments/receipt/${signed.transaction_id}`);

    const paid = (await totals(t.applicant, `${a},${b}`)).json();
    expect(paid).toMatchObject({ due_cents: 0, paid_cents: 9000 });
    expect(paid.charges.every((c: { paid: boolean }) => c.paid)).toBe(true);
    const got = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/transactions/${signed.transaction_id}`,
    });
    expect(got.json()).toMatchObject({
      state: 'settled',
      amount_cents: 9000,
      transaction_status: 'Paid',
      method: 'test',
    });
    expect(got.json().license_request_ids.sort()).toEqual([a, b].sort());

    // Replays of the notification change nothing.
    const allocations = async () =>
      t.database.db
        .select()
        .from(transactionAllocations)
        .where(eq(transactionAllocations.transaction_id, signed.transaction_id));
    const before = (await allocations()).length;
    for (let i = 0; i < 2; i++) {
      const replay = await t.app.inject({ method: 'POST', url: '/api/payments/notify', ...form(answer) });
      expect(replay.json()).toEqual({ transaction_id: signed.transaction_id, outcome: 'replayed' });
    }
    expect((await allocations()).length).toBe(before);
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.name, 'payment.settled'), eq(domainEvents.object_id, signed.transaction_id)),
      );
    expect(events).toHaveLength(1);

    // Paid: nothing more to pay, and a key reused is the old, settled payment.
    expect((await preSave(t.applicant, [a, b])).statusCode).toBe(400);
    expect((await preSave(t.applicant, [a, b], key)).statusCode).toBe(409);
    // Another applicant sees neither the payment nor the requests.
    expect(
      (await t.call(other, { method: 'GET', url: `/api/transactions/${signed.transaction_id}` })).statusCode,
    ).toBe(404);
    expect((await t.call(other, { method: 'GET', url: '/api/transactions' })).json().total).toBe(0);
    expect((await totals(other, a)).statusCode).toBe(404);
    expect((await preSave(other, [a])).statusCode).toBe(404);
  });

  it('a declined or abandoned payment leaves the request payable', async () => {
    const a = await payableRequest(t, t.applicant, licence, [4000]);
    const first = (await preSave(t.applicant, [a])).json();
    const declined = await throughGateway(first.fields, 'DECLINE');
    expect(declined.decision).toBe('DECLINE');
    const t1 = (
      await t.call(t.applicant, { method: 'GET', url: `/api/transactions/${first.transaction_id}` })
    ).json();
    expect(t1).toMatchObject({ state: 'declined', transaction_status: 'Failed' });
    const second = (await preSave(t.applicant, [a])).json();
    await throughGateway(second.fields, 'CANCEL');
    const t2 = (
      await t.call(t.applicant, { method: 'GET', url: `/api/transactions/${second.transaction_id}` })
    ).json();
    expect(t2.state).toBe('abandoned');
    expect((await totals(t.applicant, a)).json().due_cents).toBe(4000);
  });

  it('refuses forged, tampered and unsigned gateway answers, recording nothing', async () => {
    const a = await payableRequest(t, t.applicant, licence, [3000]);
    const opened = (await preSave(t.applicant, [a])).json();
    const forged = signAnswer(
      {
        decision: 'ACCEPT',
        reason_code: '100',
        transaction_id: 'FORGED',
        req_transaction_uuid: opened.fields.transaction_uuid,
        req_reference_number: opened.transaction_id,
        req_amount: '30.00',
        auth_amount: '30.00',
      },
      'not-the-key',
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/notify', ...form(forged) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The payment answer is not signed by the gateway.');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/receipt',
      ...form({ decision: 'ACCEPT' }),
    });
    expect(unsigned.statusCode).toBe(400);
    const badPage = await t.app.inject({
      method: 'POST',
      url: '/api/payments/testgateway/pay',
      ...form({ ...opened.fields, amount: '0.01' }),
    });
    expect(badPage.statusCode).toBe(400);
    expect((await totals(t.applicant, a)).json().due_cents).toBe(3000);
    const charges = await t.database.db
      .select()
      .from(referenceTables.license_request_charges)
      .where(eq(referenceTables.license_request_charges.license_request_id, a));
    expect(charges.every((c) => c.paid === false)).toBe(true);
  });

  it('answers the payment screen its lists, and 400/401 where due', async () => {
    const methods = await t.call(t.applicant, { method: 'GET', url: '/api/getPaymentMethods' });
    expect(methods.json().map((m: { value: string }) => m.value)).toEqual(['test', 'voucher']);
    const staff = await t.call(t.admin, { method: 'GET', url: '/api/getPaymentMethods' });
    expect(staff.json().map((m: { value: string }) => m.value)).toContain('check');
    for (const path of [
      'getCheckingAccountTypes',
      'getCreditCardTypes',
      'getDebitCardTypes',
      'getAttributes',
    ]) {
      expect((await t.call(t.applicant, { method: 'GET', url: `/api/${path}` })).statusCode).toBe(200);
      expect((await t.call(null, { method: 'GET', url: `/api/${path}` })).statusCode).toBe(401);
    }
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/getAttributes' })).json()).toMatchObject({
      gateway: 'test',
      checkout_url: '/api/payments/testgateway/pay',
    });
    expect((await totals(t.applicant, 'not-an-id')).statusCode).toBe(400);
    expect((await totals(null, randomUUID())).statusCode).toBe(401);
    expect((await totals(t.applicant, randomUUID())).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: '/api/GetSessionDataForPayment' })).statusCode).toBe(
      401,
    );
    const noKey = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/preSaveCyberSource',
      payload: { args: {} },
    });
    expect(noKey.statusCode).toBe(400);
  });
});
