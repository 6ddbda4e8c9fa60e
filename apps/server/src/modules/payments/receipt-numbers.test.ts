import { randomUUID } from 'node:crypto';
import { referenceTables } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { createTestContext, type TestContext } from '../../test/test-app';
import { form, hiddenFields, issueVoucher, payableRequest, paymentLicence } from './test-fixtures';

// A receipt has a number people read, from the enterprise's receipt auto number of the year
// (RCPT-2026-000123), given in the transaction that settles the money, whatever the method.
let t: TestContext;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const year = new Date().getUTCFullYear();
const pattern = new RegExp(`^RCPT-${year}-\\d{6}$`);
const serial = (n: string) => Number(n.slice(-6));
const direct = (items: string[], method = 'check') =>
  t.call(t.admin, {
    method: 'POST',
    url: '/api/directPayment',
    payload: {
      payment: {
        items,
        method,
        reference_number: `CHK-${randomUUID().slice(0, 6)}`,
        idempotency_key: randomUUID(),
      },
    },
  });

describe('receipt numbers', () => {
  it('numbers a check, a voucher, a card payment and a refund in turn, from the year’s auto number', async () => {
    const a = await payableRequest(t, t.applicant, licence, [3000]);
    const check = await direct([a]);
    expect(check.statusCode, check.body).toBe(200);
    const first = check.json().receipt_number as string;
    expect(first).toMatch(pattern);

    const b = await payableRequest(t, t.applicant, licence, [3000]);
    const v = await issueVoucher(t, t.applicant.userId, 1000);
    const charged = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/LicenseVoucherCharge/${b}`,
      payload: { voucher: { code: v.code } },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const voucherPayment = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/transactions/${charged.json().used_transaction_id}`,
    });
    const second = voucherPayment.json().receipt_number as string;
    expect(second).toMatch(pattern);
    expect(serial(second)).toBe(serial(first) + 1);

    // A card payment through the local test gateway, numbered when its signed answer settles it.
    const opened = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/preSaveCyberSource',
      payload: { args: { items: [b], idempotency_key: randomUUID() } },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, fields, transaction_id } = opened.json();
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/transactions/${transaction_id}` })).json()
        .receipt_number,
    ).toBeNull();
    const page = await t.app.inject({ method: 'POST', url, ...form(fields) });
    // Deciding on the gateway's page sends the signed notification that settles the payment.
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/payments/testgateway/decide',
      ...form({ ...hiddenFields(page.body), card_number: '4111111111111111', decision: 'ACCEPT' }),
    });
    expect(hiddenFields(decided.body).decision).toBe('ACCEPT');
    const card = (
      await t.call(t.applicant, { method: 'GET', url: `/api/transactions/${transaction_id}` })
    ).json();
    expect(serial(card.receipt_number)).toBe(serial(first) + 2);

    const refund = await t.call(t.admin, {
      method: 'POST',
      url: `/api/transactions/${check.json().id}/refund`,
      payload: { refund: { amount_cents: 500, reason: 'Overpaid', idempotency_key: randomUUID() } },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(serial(refund.json().receipt_number)).toBe(serial(first) + 3);

    // The year's auto number goes on after them (configuration staff can see and adjust).
    const counters = referenceTables.autonumbers;
    const [counter] = await t.database.db
      .select()
      .from(counters)
      .where(and(eq(counters.enterprise_id, t.enterpriseId), eq(counters.label, `Receipts ${year}`)));
    expect(counter).toMatchObject({ prefix: `RCPT-${year}-`, next_number: serial(first) + 4 });

    // The ledger lists and finds it; the receipt PDF prints it.
    const listed = await t.call(t.admin, {
      method: 'GET',
      url: `/api/transactions?search=${encodeURIComponent(first)}`,
    });
    expect(listed.json().items.map((x: { receipt_number: string }) => x.receipt_number)).toEqual([first]);
    const pdf = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/transactions/${check.json().id}/receipt`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(first);
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain(first);
  });

  it('never gives two settlements at once the same number, the first of the year included', async () => {
    // A fresh enterprise: the year's receipt auto number does not exist yet, and all race to make it
    // (on PostgreSQL they run side by side on a pool of connections).
    const fresh = await createTestContext();
    try {
      const lic = await paymentLicence(fresh);
      const requests: string[] = [];
      for (let i = 0; i < 6; i++) requests.push(await payableRequest(fresh, fresh.applicant, lic, [1000]));
      const paid = await Promise.all(
        requests.map((r) =>
          fresh.call(fresh.admin, {
            method: 'POST',
            url: '/api/directPayment',
            payload: { payment: { items: [r], method: 'cash', idempotency_key: randomUUID() } },
          }),
        ),
      );
      for (const p of paid) expect(p.statusCode, p.body).toBe(200);
      const numbers = paid.map((p) => p.json().receipt_number as string).sort();
      expect(numbers).toEqual(
        Array.from({ length: 6 }, (_, i) => `RCPT-${year}-${String(i + 1).padStart(6, '0')}`),
      );
    } finally {
      await fresh.close();
    }
  });
});
