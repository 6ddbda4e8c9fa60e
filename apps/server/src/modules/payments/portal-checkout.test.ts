import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { createTestContext, type TestContext } from '../../test/test-app';
import { payableRequest, paymentLicence } from './test-fixtures';

let t: TestContext;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const checkoutCount = async (caller = t.applicant) =>
  (await t.call(caller, { method: 'GET', url: '/api/account' })).json().checkout_count as number;
const today = new Date().toISOString().slice(0, 10);

describe("the portal's checkout basket", () => {
  it("counts an applicant's requests waiting for payment, and a paid one no longer", async () => {
    const before = await checkoutCount();
    const owing = await payableRequest(t, t.applicant, licence, [4000]);
    await payableRequest(t, t.applicant, licence, []);
    expect(await checkoutCount()).toBe(before + 1);
    // Another person's request is not the applicant's to pay.
    const stranger = await t.createCaller([], { isStaff: false, isPortal: true });
    await payableRequest(t, stranger, licence, [900]);
    expect(await checkoutCount()).toBe(before + 1);

    const paid = await t.call(t.admin, {
      method: 'POST',
      url: '/api/directPayment',
      payload: {
        payment: { items: [owing], method: 'cash', reference_number: 'R-1', idempotency_key: randomUUID() },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await checkoutCount()).toBe(before);
  });

  it('lists the ledger by day with from and to, and refuses a date that is not one', async () => {
    const id = await payableRequest(t, t.applicant, licence, [1234]);
    const paid = await t.call(t.admin, {
      method: 'POST',
      url: '/api/directPayment',
      payload: {
        payment: { items: [id], method: 'check', reference_number: 'C-77', idempotency_key: randomUUID() },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const list = (query: string) => t.call(t.admin, { method: 'GET', url: `/api/transactions?${query}` });
    const ids = async (query: string) =>
      ((await list(query)).json().items as { id: string }[]).map((r) => r.id);
    expect(await ids(`from=${today}&to=${today}&method=check`)).toContain(paid.json().id);
    expect(await ids('from=2001-01-01&to=2001-12-31')).toEqual([]);
    expect(await ids(`from=${today}&state=declined`)).not.toContain(paid.json().id);
    expect((await list('from=yesterday')).statusCode).toBe(400);
    const refund = await t.call(t.admin, {
      method: 'POST',
      url: `/api/transactions/${paid.json().id}/refund`,
      payload: { refund: { amount_cents: 234, reason: 'Overpaid', idempotency_key: randomUUID() } },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await ids(`refund_of_id=${paid.json().id}`)).toEqual([refund.json().id]);
    // An applicant filtering the ledger still sees only their own.
    const mine = await t.call(t.applicant, { method: 'GET', url: `/api/transactions?from=${today}` });
    expect(mine.statusCode).toBe(200);
    expect((mine.json().items as { user_id: string }[]).every((r) => r.user_id === t.applicant.userId)).toBe(
      true,
    );
  });

  it("prints a settled payment's receipt for its payer and staff, never for another", async () => {
    const id = await payableRequest(t, t.applicant, licence, [2750]);
    const paid = await t.call(t.admin, {
      method: 'POST',
      url: '/api/directPayment',
      payload: {
        payment: {
          items: [id],
          method: 'money_order',
          reference_number: 'MO-5150',
          idempotency_key: randomUUID(),
        },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const url = `/api/transactions/${paid.json().id}/receipt`;
    const mine = await t.call(t.applicant, { method: 'GET', url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = pdfToText(mine.rawPayload);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('$27.50 USD');
    expect(text).toContain('Money order');
    expect(text).toContain('MO-5150');
    expect(text).toContain(id);
    expect((await t.call(t.admin, { method: 'GET', url })).statusCode).toBe(200);
    const stranger = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await t.call(stranger, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/transactions/${randomUUID()}/receipt` })).statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/transactions/nope/receipt' })).statusCode).toBe(
      400,
    );

    // A payment never taken has no receipt.
    const other = await payableRequest(t, t.applicant, licence, [500]);
    const pending = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/preSaveCyberSource',
      payload: { args: { items: [other], idempotency_key: randomUUID() } },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const open = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/transactions/${pending.json().transaction_id}/receipt`,
    });
    expect(open.statusCode).toBe(409);
  });
});
