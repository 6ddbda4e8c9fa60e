import { licenseRequests, paymentAttempts, type Tx, transactions } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors';
import { centsOf, type GatewayConfig, gatewayAmount, type PaymentGateway } from './gateway';
import { closeUnpaid, type PaymentActor, settlePayment } from './settle-payment';

const unreachable = () =>
  new AppError(
    'service_unavailable',
    'The payment gateway cannot be reached now. Try again in a few minutes.',
  );

/** Posts a form to Converge and reads its `name=value` lines (or a bare token). */
async function converge(url: string, form: Record<string, string>): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw unreachable();
  }
  if (!res.ok) throw unreachable();
  return res.text();
}

const credentials = (config: GatewayConfig) => ({
  ssl_merchant_id: config.settings.merchant_id ?? '',
  ssl_user_id: config.settings.user_id ?? '',
  ssl_pin: config.secretKey,
});

/**
 * Elavon Converge hosted payments: a transaction token is obtained server-side (the PIN never reaches
 * the browser) and the browser goes to the hosted page with it. Its return is not signed, so the
 * result is confirmed by a transaction query (confirmElavon).
 */
export const elavonHosted: PaymentGateway = {
  kind: 'elavon',
  async start(config, { transaction }) {
    const token = (
      await converge(config.settings.token_url ?? '', {
        ...credentials(config),
        ssl_transaction_type: 'ccsale',
        ssl_amount: gatewayAmount(transaction.amount_cents),
        ssl_invoice_number: transaction.id,
      })
    ).trim();
    if (!/^[A-Za-z0-9+/=_-]{8,512}$/.test(token)) throw unreachable();
    return { url: `${config.settings.hosted_url ?? ''}?ssl_txn_auth_token=${encodeURIComponent(token)}` };
  },
};

/**
 * Confirms an Elavon payment by querying the transaction server-side: settled only when Converge
 * says approved, for this invoice and amount; a declined one leaves the request payable. Once
 * decided, a second return records nothing.
 */
export async function confirmElavon(
  tx: Tx,
  actor: PaymentActor,
  config: GatewayConfig,
  transactionId: string,
  gatewayTxnId: string,
): Promise<'settled' | 'declined' | 'replayed'> {
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.transaction_id, transactionId),
        eq(paymentAttempts.enterprise_id, actor.enterpriseId),
      ),
    )
    .for('update');
  if (!attempt) throw new AppError('not_found', 'The payment was not found.');
  if (attempt.decision) return 'replayed';
  const [payment] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!payment) throw new AppError('not_found', 'The payment was not found.');
  const text = await converge(config.settings.api_url ?? '', {
    ...credentials(config),
    ssl_transaction_type: 'txnquery',
    ssl_txn_id: gatewayTxnId,
  });
  const answer = Object.fromEntries(
    text
      .split(/\r?\n/)
      .map((l) => l.split('='))
      .filter((p) => p.length >= 2)
      .map(([k, ...v]) => [k!.trim(), v.join('=').trim()]),
  );
  const approved =
    answer.ssl_result === '0' &&
    answer.ssl_invoice_number === payment.id &&
    centsOf(answer.ssl_amount) === payment.amount_cents;
  let outcome: 'settled' | 'declined' | 'replayed';
  if (approved) {
    const ids = (attempt.response?.items as string[] | undefined) ?? [];
    const requests = await tx
      .select()
      .from(licenseRequests)
      .where(inArray(licenseRequests.id, ids))
      .orderBy(licenseRequests.created_at, licenseRequests.id)
      .for('update');
    outcome = (await settlePayment(tx, actor, payment.id, requests, gatewayTxnId)) ? 'settled' : 'replayed';
  } else outcome = (await closeUnpaid(tx, actor, payment.id, 'declined')) ? 'declined' : 'replayed';
  await tx
    .update(paymentAttempts)
    .set({
      decision: approved ? 'ACCEPT' : 'DECLINE',
      decided_at: new Date(),
      response: { ...attempt.response, answer },
    })
    .where(eq(paymentAttempts.id, attempt.id));
  return outcome;
}
