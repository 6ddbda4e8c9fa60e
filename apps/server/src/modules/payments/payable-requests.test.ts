import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { otherEnterprisePerson, payableRequest, paymentLicence } from './test-fixtures';

// Staff recording a payment pick a person, then that person's requests that still owe money: no
// request id is typed. Another enterprise's person and their requests stay out of reach.
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

const payable = (caller: Caller | null, userId: string) =>
  t.call(caller, { method: 'GET', url: `/api/payments/payable?user_id=${userId}` });
const direct = (caller: Caller, payment: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/directPayment', payload: { payment } });

describe("a person's requests waiting for payment (staff)", () => {
  it('lists what each open request owes, and drops a request once it is paid', async () => {
    const a = await payableRequest(t, t.applicant, licence, [5000, 1000]);
    const b = await payableRequest(t, t.applicant, licence, [2500]);
    const res = await payable(cashier, t.applicant.userId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user_id).toBe(t.applicant.userId);
    expect(body.person_name).toBeTruthy();
    const owed = Object.fromEntries(
      body.payable.map((p: { license_request_id: string; due_cents: number }) => [
        p.license_request_id,
        p.due_cents,
      ]),
    );
    expect(owed).toMatchObject({ [a]: 6000, [b]: 2500 });
    expect(
      body.payable.find((p: { license_request_id: string }) => p.license_request_id === a),
    ).toMatchObject({ charges_cents: 6000, license_name: expect.any(String) });

    const paid = await direct(cashier, {
      items: [b],
      method: 'cash',
      idempotency_key: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await payable(cashier, t.applicant.userId)).json();
    expect(after.payable.map((p: { license_request_id: string }) => p.license_request_id)).toContain(a);
    expect(after.payable.map((p: { license_request_id: string }) => p.license_request_id)).not.toContain(b);
  });

  it('answers 400 for a malformed id, 401 anonymously, 403 without payments.write', async () => {
    const bad = await payable(cashier, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('user_id');
    expect((await payable(null, t.applicant.userId)).statusCode).toBe(401);
    expect((await payable(t.applicant, t.applicant.userId)).statusCode).toBe(403);
    expect((await payable(t.reviewer, t.applicant.userId)).statusCode).toBe(403);
    expect((await payable(reader, t.applicant.userId)).statusCode).toBe(403);
  });

  it("answers 404 for an unknown person and for another enterprise's person, whose requests cannot be paid here", async () => {
    expect((await payable(cashier, randomUUID())).statusCode).toBe(404);
    const elsewhere = await otherEnterprisePerson(t);
    const res = await payable(cashier, elsewhere.personId);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Elsewhere');
    const pay = await direct(cashier, {
      items: [elsewhere.requestId],
      method: 'check',
      reference_number: 'CHK-9',
      idempotency_key: randomUUID(),
    });
    expect(pay.statusCode).toBe(404);
  });
});
