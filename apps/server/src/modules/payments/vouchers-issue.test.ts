import { randomUUID } from 'node:crypto';
import { dataChangeLog } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { otherEnterprisePerson, payableRequest, paymentLicence } from './test-fixtures';

// Staff issue vouchers (an amount or a share, uses, expiry, for whom) and deactivate them; an applicant
// uses one through VoucherPay as before.
let t: TestContext;
let cashier: Caller;
let reader: Caller;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  cashier = await t.createCaller(['payments.read', 'payments.write']);
  reader = await t.createCaller(['payments.read']);
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const code = () => `V${randomUUID().slice(0, 8).toUpperCase()}`;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const issue = (caller: Caller | null, voucher: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/vouchers', payload: { voucher } });
const use = async (caller: Caller, requestId: string, voucherCode: string) => {
  const saved = await t.call(caller, {
    method: 'POST',
    url: `/api/VoucherPay/SaveElement/${requestId}`,
    payload: { voucher: { code: voucherCode } },
  });
  if (saved.statusCode !== 200) return saved;
  return t.call(caller, {
    method: 'POST',
    url: `/api/VoucherPay/LicenseVoucherCharge/${requestId}`,
    payload: { voucher: { code: voucherCode } },
  });
};
const due = async (id: string) =>
  (await t.call(t.admin, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${id}` })).json()
    .due_cents;

describe('issuing vouchers (staff)', () => {
  it('issues an amount voucher for one person, logs it, lists it, and it pays once', async () => {
    const c = code();
    const res = await issue(cashier, {
      code: c,
      amount_cents: 2000,
      max_uses: 1,
      expires_on: tomorrow,
      user_id: t.applicant.userId,
      note: 'Hardship',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const got = await t.call(reader, { method: 'GET', url: `/api/vouchers/${id}` });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({
      code: c,
      amount_cents: 2000,
      percent: null,
      max_uses: 1,
      use_count: 0,
      active: true,
      used: false,
      expires_on: tomorrow,
      user_id: t.applicant.userId,
      person_name: expect.any(String),
    });
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'vouchers'), eq(dataChangeLog.object_id, id)));
    expect(logged.map((l) => l.action)).toContain('create');
    const list = await t.call(reader, { method: 'GET', url: `/api/vouchers?search=${c}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((v: { id: string }) => v.id)).toEqual([id]);

    const a = await payableRequest(t, t.applicant, licence, [5000]);
    const paid = await use(t.applicant, a, c);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ charged_cents: 2000, use_count: 1, used: true });
    expect(await due(a)).toBe(3000);
    const b = await payableRequest(t, t.applicant, licence, [5000]);
    const again = await use(t.applicant, b, c);
    expect(again.statusCode).toBe(409);
  });

  it('issues a share voucher for anyone that pays its percent of what is owed, up to its uses', async () => {
    const c = code();
    const res = await issue(cashier, { code: c, percent: 10, max_uses: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const a = await payableRequest(t, t.applicant, licence, [4000]);
    const first = await use(t.applicant, a, c);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ charged_cents: 400, use_count: 1, used: false, percent: 10 });
    expect(await due(a)).toBe(3600);
    const someone = await t.createCaller([], { isStaff: false, isPortal: true });
    const b = await payableRequest(t, someone, licence, [1000]);
    const second = await use(someone, b, c);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ charged_cents: 100, use_count: 2, used: true });
    const c3 = await payableRequest(t, someone, licence, [1000]);
    const third = await use(someone, c3, c);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe('This voucher has already been used.');
  });

  it('deactivates a voucher: it can no longer be used, and the change is logged', async () => {
    const c = code();
    const id = (await issue(cashier, { code: c, amount_cents: 500 })).json().id as string;
    const off = await t.call(cashier, {
      method: 'PUT',
      url: `/api/vouchers/${id}`,
      payload: { voucher: { active: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    const a = await payableRequest(t, t.applicant, licence, [1000]);
    const res = await use(t.applicant, a, c);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This voucher has been deactivated.');
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'vouchers'), eq(dataChangeLog.object_id, id)));
    expect(logged.map((l) => l.action)).toContain('update');
  });

  it('answers 400 naming the field for a bad voucher', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: code() }, 'amount_cents'],
      [{ code: code(), amount_cents: 500, percent: 10 }, 'percent'],
      [{ code: code(), percent: 101 }, 'percent'],
      [{ code: code(), percent: 0 }, 'percent'],
      [{ code: code(), amount_cents: -5 }, 'amount_cents'],
      [{ code: code(), amount_cents: 500, max_uses: 0 }, 'max_uses'],
      [{ code: code(), amount_cents: 500, expires_on: '2020-13-45' }, 'expires_on'],
      [{ code: code(), amount_cents: 500, expires_on: '2020-01-01' }, 'expires_on'],
      [{ code: 'a b;c', amount_cents: 500 }, 'code'],
      [{ amount_cents: 500 }, 'code'],
      [{ code: code(), amount_cents: 500, user_id: 'nope' }, 'user_id'],
    ];
    for (const [body, field] of cases) {
      const res = await issue(cashier, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().error), JSON.stringify(body)).toContain(field);
    }
    const taken = code();
    expect((await issue(cashier, { code: taken, amount_cents: 500 })).statusCode).toBe(201);
    const dup = await issue(cashier, { code: taken.toLowerCase(), amount_cents: 500 });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toContain('code');
  });

  it('answers 401, 403 and 404, and keeps another enterprise out of reach', async () => {
    const body = { code: code(), amount_cents: 500 };
    expect((await issue(null, body)).statusCode).toBe(401);
    expect((await issue(reader, body)).statusCode).toBe(403);
    expect((await issue(t.applicant, body)).statusCode).toBe(403);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/vouchers' })).statusCode).toBe(403);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/vouchers' })).statusCode).toBe(403);
    expect((await t.call(reader, { method: 'GET', url: `/api/vouchers/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    const elsewhere = await otherEnterprisePerson(t);
    const theirs = await issue(cashier, { code: code(), amount_cents: 500, user_id: elsewhere.personId });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.body).toContain('user_id');
    expect(theirs.body).not.toContain('Elsewhere');
  });
});
