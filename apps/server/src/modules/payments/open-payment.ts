import type { PaymentMethod } from '@licensure/contracts';
import { type licenseRequests, paymentAttempts, type Tx, transactions } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { type PaymentActor, statusId, type TransactionRow } from './settle-payment';

type RequestRow = typeof licenseRequests.$inferSelect;
type AttemptRow = typeof paymentAttempts.$inferSelect;

export interface OpenPayment {
  requests: readonly RequestRow[];
  method: PaymentMethod;
  amountCents: number;
  idempotencyKey: string;
  gateway: string;
  reference?: string | null;
  note?: string | null;
  voucherId?: string | null;
  /** What was sent to the gateway (kept with the attempt). */
  sent?: Record<string, unknown>;
}

export interface Opened {
  transaction: TransactionRow;
  attempt: AttemptRow;
  /** The key was seen before: this is the first call's payment, nothing new was recorded. */
  replayed: boolean;
}

/** Whose money it is: a portal user pays for themself; staff record it for the request's person. */
export const payerOf = (auth: AuthContext, requests: readonly RequestRow[]) =>
  auth.permissions.has('payments.write') ? (requests[0]?.user_id ?? null) : auth.userId;

/** The attempt of an idempotency key, with its transaction, locked; undefined when the key is new. */
export async function attemptOf(tx: Tx, enterpriseId: string, key: string) {
  const [found] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.enterprise_id, enterpriseId), eq(paymentAttempts.idempotency_key, key)))
    .for('update');
  if (!found) return undefined;
  const [transaction] = await tx.select().from(transactions).where(eq(transactions.id, found.transaction_id));
  if (!transaction) throw notFound('transaction');
  return { attempt: found, transaction };
}

/**
 * Opens a pending payment and its attempt under an idempotency key. A key seen before answers the
 * first call's payment unchanged; one used by someone else, or for another basket, is a conflict.
 */
export async function openPayment(
  tx: Tx,
  actor: PaymentActor,
  auth: AuthContext,
  input: OpenPayment,
): Promise<Opened> {
  const seen = await attemptOf(tx, actor.enterpriseId, input.idempotencyKey);
  if (seen) {
    const basket = (seen.attempt.response?.items as string[] | undefined)?.join(',');
    if (basket !== input.requests.map((r) => r.id).join(',') || seen.transaction.recorded_by !== actor.userId)
      throw new AppError('conflict', 'This idempotency key was already used for another payment.');
    return { ...seen, replayed: true };
  }
  if (input.amountCents <= 0)
    throw badRequest({ amount_cents: 'Nothing is owed on these requests: there is nothing to pay.' });
  const [transaction] = await tx
    .insert(transactions)
    .values({
      enterprise_id: actor.enterpriseId,
      user_id: payerOf(auth, input.requests),
      kind: 'payment',
      method: input.method,
      state: 'pending',
      transaction_status_id: await statusId(tx, actor.enterpriseId, 'Pending'),
      amount_cents: input.amountCents,
      reference_number: input.reference ?? null,
      voucher_id: input.voucherId ?? null,
      note: input.note ?? null,
      recorded_by: actor.userId,
    })
    .returning();
  if (!transaction) throw new Error('transaction insert returned nothing');
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      enterprise_id: actor.enterpriseId,
      transaction_id: transaction.id,
      idempotency_key: input.idempotencyKey,
      gateway: input.gateway,
      response: { items: input.requests.map((r) => r.id), sent: input.sent ?? {} },
    })
    .returning();
  if (!attempt) throw new Error('payment attempt insert returned nothing');
  await recordChange(tx, actor, {
    entity: 'transactions',
    objectId: transaction.id,
    action: 'create',
    after: transaction,
  });
  return { transaction, attempt, replayed: false };
}
