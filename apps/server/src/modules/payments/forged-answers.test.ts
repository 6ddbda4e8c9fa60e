import { randomUUID } from 'node:crypto';
import { paymentAttempts, paymentGateways } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { dataToSign } from './cybersource-sign';
import { form, payableRequest, paymentLicence } from './test-fixtures';

// Issue 23, items 1 and 2: the penetration test's two ways of settling a fee with no payment, each run
// against the local test gateway and against CyberSource (where one secret key signs both directions,
// so only the structural rules stand between a request form and an answer).

let t: TestContext;
let licence: string;
beforeAll(async () => {
  t = await createTestContext();
  licence = await paymentLicence(t);
});
afterAll(async () => t?.close());

const preSave = (items: string[]) =>
  t.call(t.applicant, {
    method: 'POST',
    url: '/api/preSaveCyberSource',
    payload: { args: { items, idempotency_key: randomUUID() } },
  });
const due = async (id: string) =>
  (await t.call(t.applicant, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${id}` })).json()
    .due_cents as number;
/** Posted with no session, as anyone on the internet can. */
const notify = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/payments/notify', ...form(fields) });
const attemptOf = async (uuid: string) =>
  (await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, uuid)))[0];

/**
 * The answer an attacker reads out of a signed string holding `bill_to_forename=x,decision=ACCEPT,...`:
 * the same characters, split at other commas, so the same signature covers answer fields.
 */
function reSplit(signed: Record<string, string>, answer: Record<string, string>): Record<string, string> {
  const names = (signed.signed_field_names ?? '').split(',');
  const prefix = names.slice(0, names.indexOf('bill_to_forename'));
  const forgedNames = [
    ...prefix,
    'bill_to_forename',
    ...Object.keys(answer),
    'signed_field_names',
    'message',
  ];
  const forged: Record<string, string> = {
    ...Object.fromEntries(prefix.map((n) => [n, signed[n] ?? ''])),
    bill_to_forename: 'x',
    ...answer,
    signed_field_names: forgedNames.join(','),
  };
  const head = `${dataToSign(forged, forgedNames.slice(0, -1))},message=`;
  const whole = dataToSign(signed, names);
  return { ...forged, message: whole.slice(head.length), signature: signed.signature ?? '' };
}

describe.each(['test', 'cybersource'] as const)('forged answers, gateway %s', (gateway) => {
  beforeAll(async () => {
    await t.call(t.applicant, { method: 'GET', url: '/api/getAttributes' }); // the test gateway, created
    await t.database.db
      .update(paymentGateways)
      .set({ gateway })
      .where(eq(paymentGateways.enterprise_id, t.enterpriseId));
  });

  it('item 1: a request form with unsigned decision and req_* fields does not settle the fee', async () => {
    const a = await payableRequest(t, t.applicant, licence, [3000]);
    const opened = await preSave([a]);
    expect(opened.statusCode, opened.body).toBe(200);
    const { fields, transaction_id } = opened.json();
    // The penetration test's exact forgery: the signed request form plus unsigned answer fields.
    const res = await notify({
      ...fields,
      decision: 'ACCEPT',
      req_transaction_uuid: fields.transaction_uuid,
      req_reference_number: transaction_id,
      req_amount: '30.00',
    });
    expect(res.json()).not.toMatchObject({ outcome: 'settled' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The payment answer is not signed by the gateway.');
    // Even with every answer field named signed, a request form's signature covers none of them.
    const named = await notify({
      ...fields,
      decision: 'ACCEPT',
      reason_code: '100',
      transaction_id: 'FORGED',
      req_transaction_uuid: fields.transaction_uuid,
      req_reference_number: transaction_id,
      req_amount: '30.00',
      signed_field_names: `${fields.signed_field_names},decision,reason_code,transaction_id,req_transaction_uuid,req_reference_number,req_amount`,
    });
    expect(named.statusCode).toBe(400);
    expect(await due(a)).toBe(3000);
    expect((await attemptOf(fields.transaction_uuid))?.decision).toBeNull();
  });

  it('item 2: a billing value holding separators is refused, and cannot be re-split into an answer', async () => {
    const a = await payableRequest(t, t.applicant, licence, [3000]);
    const opened = (await preSave([a])).json();
    const answer = {
      decision: 'ACCEPT',
      reason_code: '100',
      transaction_id: 'FORGED2',
      req_transaction_uuid: opened.fields.transaction_uuid,
      req_reference_number: opened.transaction_id,
      req_amount: '30.00',
      auth_amount: '30.00',
    };
    const sign = (fields: Record<string, string>) =>
      t.call(t.applicant, { method: 'POST', url: '/api/sign', payload: { fields } });
    // A harmless first signing tells the attacker the order the server signs fields in.
    const probe = await sign({ ...opened.fields, bill_to_forename: 'x' });
    expect(probe.statusCode, probe.body).toBe(200);
    const names = (probe.json().fields.signed_field_names as string).split(',');
    const prefix = names.slice(0, names.indexOf('bill_to_forename'));
    const forgedNames = [
      ...prefix,
      'bill_to_forename',
      ...Object.keys(answer),
      'signed_field_names',
      'message',
    ];
    const injected = `x,${Object.entries(answer)
      .map(([k, v]) => `${k}=${v}`)
      .join(',')},signed_field_names=${forgedNames.join(',')},message=m`;
    const resigned = await sign({ ...opened.fields, bill_to_forename: injected });
    // Whatever the server signed (the injected form, or only the first form), re-split it as the attacker would.
    const signed = resigned.statusCode === 200 ? resigned.json().fields : opened.fields;
    const settled = await notify(reSplit(signed, answer));
    expect(settled.json()).not.toMatchObject({ outcome: 'settled' });
    expect(await due(a)).toBe(3000);
    expect(resigned.statusCode).toBe(400);
    expect(resigned.json().error.fields).toEqual({
      'fields.bill_to_forename': 'The field bill_to_forename cannot contain a comma or an equals sign.',
    });
    // preSave's own billing fields are held to the same rule.
    const direct = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/preSaveCyberSource',
      payload: {
        args: { items: [a], idempotency_key: randomUUID() },
        fields: { bill_to_address_line1: '1 Main St, Apt 2' },
      },
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().error.fields).toEqual({
      'fields.bill_to_address_line1':
        'The field bill_to_address_line1 cannot contain a comma or an equals sign.',
    });
  });
});
