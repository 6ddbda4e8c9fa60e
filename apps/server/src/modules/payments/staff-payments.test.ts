import { randomUUID } from 'node:crypto';
import { domainEvents } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { issueVoucher, payableRequest, paymentLicence } from './test-fixtures';

let t: TestContext;
let other: Caller;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const due = async (id: string) =>
  (await t.call(t.admin, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${id}` })).json()
    .due_cents;
const direct = (caller: Caller, payment: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/directPayment', payload: { payment } });
const refund = (caller: Caller, id: string, body: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: `/api/transactions/${id}/refund`, payload: { refund: body } });
const today = new Date().toISOString().slice(0, 10);

describe('staff payments, refunds and the finance report', () => {
  it('records a check once, refunds part of it, and the report reconciles to the cent', async () => {
    const a = await payableRequest(t, t.applicant, licence, [7500]);
    const key = randomUUID();
    const check = { items: [a], method: 'check', reference_number: 'CHK-1001', idempotency_key: key };
    const paid = await direct(t.admin, check);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      method: 'check',
      method_label: 'Check',
      state: 'settled',
      amount_cents: 7500,
      reference_number: 'CHK-1001',
      user_id: t.applicant.userId,
      license_request_ids: [a],
    });
    expect(await due(a)).toBe(0);
    // The same key again: the same payment, nothing recorded twice.
    const again = await direct(t.admin, check);
    expect(again.json().id).toBe(paid.json().id);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/transactions?license_request_id=${a}` })).json()
        .total,
    ).toBe(1);

    expect((await direct(t.applicant, { ...check, idempotency_key: randomUUID() })).statusCode).toBe(403);
    expect((await direct(t.admin, { ...check, method: 'bitcoin' })).statusCode).toBe(400);
    expect(
      (await direct(t.admin, { ...check, items: [randomUUID()], idempotency_key: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await direct(t.admin, { ...check, idempotency_key: randomUUID() })).statusCode).toBe(400); // nothing owed

    const id = paid.json().id as string;
    const part = await refund(t.admin, id, {
      amount_cents: 2000,
      reason: 'Level withdrawn',
      idempotency_key: randomUUID(),
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      kind: 'refund',
      amount_cents: 2000,
      refund_of_id: id,
      transaction_status: 'Refunded',
    });
    expect(
      (await refund(t.admin, id, { amount_cents: 6000, reason: 'Too much', idempotency_key: randomUUID() }))
        .statusCode,
    ).toBe(400);
    expect((await refund(t.reviewer, id, { reason: 'x', idempotency_key: randomUUID() })).statusCode).toBe(
      403,
    );
    expect(
      (await refund(t.admin, randomUUID(), { reason: 'x', idempotency_key: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await refund(t.admin, id, { reason: '', idempotency_key: randomUUID() })).statusCode).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/transactions/${id}` })).json().refunded_cents,
    ).toBe(2000);
    const refunded = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'payment.refunded'), eq(domainEvents.object_id, part.json().id)));
    expect(refunded).toHaveLength(1);

    const report = await t.call(t.admin, {
      method: 'GET',
      url: `/api/payments/financeReport?from=${today}&to=${today}`,
    });
    expect(report.statusCode, report.body).toBe(200);
    const r = report.json();
    const checks = r.byMethod.find((m: { method: string }) => m.method === 'check');
    expect(checks).toMatchObject({ payments_cents: 7500, refunds_cents: 2000, net_cents: 5500, count: 2 });
    expect(r.net_cents).toBe(r.payments_cents - r.refunds_cents);
    expect(r.payments_cents).toBe(
      r.rows
        .filter((x: { kind: string }) => x.kind === 'payment')
        .reduce((s: number, x: { amount_cents: number }) => s + x.amount_cents, 0),
    );
    const onlyCash = await t.call(t.admin, {
      method: 'GET',
      url: `/api/payments/financeReport?from=${today}&to=${today}&method=cash`,
    });
    expect(onlyCash.json().rows).toEqual([]);
    const xlsx = await t.call(t.admin, {
      method: 'GET',
      url: `/api/payments/financeReport/xlsx?from=${today}&to=${today}`,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Totals')?.getRow(2).getCell(1).value).toBe('Check');
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/payments/financeReport?from=${today}&to=${today}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/payments/financeReport?from=yesterday&to=today' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call(null, { method: 'GET', url: `/api/payments/financeReport?from=${today}&to=${today}` }))
        .statusCode,
    ).toBe(401);

    // The applicant sees their payment and refund; another applicant neither.
    const mine = await t.call(t.applicant, { method: 'GET', url: '/api/transactions' });
    expect(mine.json().items.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([id, part.json().id]),
    );
    expect((await t.call(other, { method: 'GET', url: `/api/transactions/${id}` })).statusCode).toBe(404);
  });

  it('keeps the ledger on the engine: create settles, update changes no money, delete needs a reason', async () => {
    const a = await payableRequest(t, t.applicant, licence, [3000, 1000]);
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        transaction: {
          license_request_ids: [a],
          method: 'money_order',
          amount_cents: 1500,
          reference_number: 'MO-77',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const got = (await t.call(t.admin, { method: 'GET', url: `/api/transactions/${id}` })).json();
    expect(got).toMatchObject({ state: 'settled', amount_cents: 1500, user_id: t.applicant.userId });
    expect(await due(a)).toBe(2500); // a partial payment is a credit against the charges

    const updated = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/transactions/${id}`,
      payload: { transaction: { note: 'Posted late', amount_cents: 1 } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await t.call(t.admin, { method: 'GET', url: `/api/transactions/${id}` })).json();
    expect(after).toMatchObject({ note: 'Posted late', amount_cents: 1500 });

    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/transactions',
          payload: { transaction: { method: 'cash', amount_cents: 100 } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/transactions',
          payload: { transaction: { license_request_ids: [a], method: 'cash', amount_cents: 100 } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/transactions/${id}` })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/transactions/${id}?reason=Bounced` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/transactions/${id}` })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });

  it('pays with a voucher once; ExistingVouchers shows a person their own', async () => {
    const a = await payableRequest(t, t.applicant, licence, [5000]);
    const v = await issueVoucher(t, t.applicant.userId, 5000);
    const saved = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/SaveElement/${a}`,
      payload: { voucher: { code: v.code.toLowerCase() } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ covers_all: true, license_request_id: a, used: false });
    const charged = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/LicenseVoucherCharge/${a}`,
      payload: { voucher: { code: v.code } },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toMatchObject({ used: true, covers_all: true });
    expect(await due(a)).toBe(0);
    const twice = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/LicenseVoucherCharge/${a}`,
      payload: { voucher: { code: v.code } },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This voucher has already been used.');

    // A partial voucher pays part; the rest stays due.
    const b = await payableRequest(t, t.applicant, licence, [5000]);
    const half = await issueVoucher(t, t.applicant.userId, 2000);
    await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/SaveElement/${b}`,
      payload: { voucher: { code: half.code } },
    });
    expect(await due(b)).toBe(3000);
    const partial = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/LicenseVoucherCharge/${b}`,
      payload: { voucher: { code: half.code } },
    });
    expect(partial.json()).toMatchObject({ used: true, covers_all: false });
    expect(await due(b)).toBe(3000);

    const theirs = await issueVoucher(t, other.userId, 1000);
    const stolen = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/VoucherPay/SaveElement/${b}`,
      payload: { voucher: { code: theirs.code } },
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await t.call(other, {
          method: 'POST',
          url: `/api/VoucherPay/SaveElement/${b}`,
          payload: { voucher: { code: theirs.code } },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: `/api/VoucherPay/SaveElement/${b}`,
          payload: { voucher: {} },
        })
      ).statusCode,
    ).toBe(400);

    const list = await t.call(t.applicant, { method: 'GET', url: '/api/VoucherPay/ExistingVouchers' });
    expect(
      list
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([v.id, half.id].sort());
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/VoucherPay/ExistingVouchers?user_id=${other.userId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/VoucherPay/ExistingVouchers?user_id=${other.userId}`,
        })
      ).json(),
    ).toHaveLength(1);
    expect((await t.call(null, { method: 'GET', url: '/api/VoucherPay/ExistingVouchers' })).statusCode).toBe(
      401,
    );
  });
});
