import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentGateways } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { gatewayOf } from './gateway';
import { payableRequest, paymentLicence } from './test-fixtures';

let t: TestContext;
let licence: string;
let standIn: Server;
/** What the stand-in Converge answers a transaction query: set per test. */
const converge = { result: '0', amount: '', invoice: '' };
const tokens = new Map<string, { amount: string; invoice: string; pin: string }>();

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const f = Object.fromEntries(new URLSearchParams(body));
      if (req.url === '/hosted-payments/transaction_token') {
        const token = `tok${randomUUID().replaceAll('-', '')}`;
        tokens.set(token, {
          amount: f.ssl_amount ?? '',
          invoice: f.ssl_invoice_number ?? '',
          pin: f.ssl_pin ?? '',
        });
        return res.end(token);
      }
      if (f.ssl_transaction_type === 'txnquery')
        return res.end(
          `ssl_result=${converge.result}\nssl_amount=${converge.amount}\nssl_invoice_number=${converge.invoice}\nssl_result_message=APPROVAL`,
        );
      res.statusCode = 400;
      res.end('unknown');
    });
  });
  await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  t = await createTestContext();
  licence = await paymentLicence(t);
  await gatewayOf(t.database.db, t.enterpriseId, true);
  await t.database.db
    .update(paymentGateways)
    .set({
      gateway: 'elavon',
      secret_key: 'PIN-123',
      settings: {
        merchant_id: 'M1',
        user_id: 'U1',
        token_url: `${base}/hosted-payments/transaction_token`,
        hosted_url: `${base}/hosted-payments`,
        api_url: `${base}/process.do`,
      },
    })
    .where(eq(paymentGateways.enterprise_id, t.enterpriseId));
});
afterAll(async () => {
  await t?.close();
  standIn?.close();
});

const pay = (items: string[]) =>
  t.call(t.applicant, {
    method: 'POST',
    url: '/api/elavon/pay',
    payload: { payment: { items, idempotency_key: randomUUID() } },
  });
const back = (transactionId: string) =>
  t.call(t.applicant, {
    method: 'GET',
    url: `/api/elavon/return?transaction_id=${transactionId}&ssl_txn_id=TX-${randomUUID()}`,
  });
const due = async (id: string) =>
  (await t.call(t.applicant, { method: 'GET', url: `/api/GetLicenseRequestTotals?items=${id}` })).json()
    .due_cents;

describe('Elavon Converge hosted payments (against a local stand-in)', () => {
  it('gets a token server-side and settles only what a transaction query confirms', async () => {
    const a = await payableRequest(t, t.applicant, licence, [4200]);
    const started = await pay([a]);
    expect(started.statusCode, started.body).toBe(200);
    const { url, transaction_id } = started.json();
    const token = new URL(url).searchParams.get('ssl_txn_auth_token') ?? '';
    expect(tokens.get(token)).toEqual({ amount: '42.00', invoice: transaction_id, pin: 'PIN-123' });
    expect(url).not.toContain('PIN-123');

    // The browser's return alone proves nothing: Converge says this one was for another amount.
    Object.assign(converge, { result: '0', amount: '1.00', invoice: transaction_id });
    expect((await back(transaction_id)).statusCode).toBe(303);
    expect(await due(a)).toBe(4200);

    const retry = (await pay([a])).json();
    Object.assign(converge, { result: '0', amount: '42.00', invoice: retry.transaction_id });
    const ok = await back(retry.transaction_id);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/portal/payments/receipt/${retry.transaction_id}`);
    expect(await due(a)).toBe(0);
    // A second return records nothing more.
    expect((await back(retry.transaction_id)).statusCode).toBe(303);
    const got = (
      await t.call(t.applicant, { method: 'GET', url: `/api/transactions/${retry.transaction_id}` })
    ).json();
    expect(got).toMatchObject({ state: 'settled', method: 'elavon', method_label: 'Card (Elavon)' });

    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/preSaveCyberSource',
          payload: { args: { items: [a], idempotency_key: randomUUID() } },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await t.call(t.applicant, { method: 'POST', url: '/api/elavon/pay', payload: { payment: {} } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(null, {
          method: 'POST',
          url: '/api/elavon/pay',
          payload: { payment: { items: [a], idempotency_key: randomUUID() } },
        })
      ).statusCode,
    ).toBe(401);
    expect((await back(randomUUID())).statusCode).toBe(404);
  });
});
