import { Events } from '@licensure/contracts';
import { paymentAttempts, type Tx, transactionAllocations, transactions } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { attemptOf } from './open-payment';
import { takeReceiptNumber } from './receipt-number';
import { statusId } from './settle-payment';

export interface RefundInput {
  amount_cents?: number;
  reason: string;
  idempotency_key: string;
}

/**
 * Refunds a settled payment in full or in part, as a transaction of its own (kind refund) whose
 * allocations give the money back from the payment's requests, last first. Never more than is left;
 * the same idempotency key again answers the first refund. Records `payment.refunded`.
 */
export async function refundPayment(
  tx: Tx,
  request: FastifyRequest,
  paymentId: string,
  input: RefundInput,
): Promise<string> {
  const actor = actorOf(request);
  const seen = await attemptOf(tx, request.enterpriseId, input.idempotency_key);
  if (seen) {
    if (seen.transaction.refund_of_id !== paymentId)
      throw new AppError('conflict', 'This idempotency key was already used for another payment.');
    return seen.transaction.id;
  }
  const [payment] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, paymentId),
        eq(transactions.enterprise_id, request.enterpriseId),
        isNull(transactions.deleted_at),
      ),
    )
    .for('update');
  if (!payment) throw notFound('transaction');
  if (payment.kind !== 'payment' || payment.state !== 'settled')
    throw new AppError('conflict', 'Only a settled payment can be refunded.');
  const [done] = await tx
    .select({ n: sql<number>`cast(coalesce(sum(${transactions.amount_cents}), 0) as integer)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.refund_of_id, payment.id),
        eq(transactions.state, 'settled'),
        isNull(transactions.deleted_at),
      ),
    );
  const left = payment.amount_cents - (done?.n ?? 0);
  const amount = input.amount_cents ?? left;
  if (amount <= 0 || amount > left)
    throw badRequest({ amount_cents: `A refund of this payment can be at most ${(left / 100).toFixed(2)}.` });

  const [refund] = await tx
    .insert(transactions)
    .values({
      enterprise_id: request.enterpriseId,
      user_id: payment.user_id,
      kind: 'refund',
      method: payment.method,
      state: 'settled',
      transaction_status_id: await statusId(tx, request.enterpriseId, 'Refunded'),
      amount_cents: amount,
      currency: payment.currency,
      refund_of_id: payment.id,
      note: input.reason,
      recorded_by: actor.userId,
      settled_at: new Date(),
      receipt_number: await takeReceiptNumber(tx, actor),
    })
    .returning();
  if (!refund) throw new Error('refund insert returned nothing');
  await tx.insert(paymentAttempts).values({
    enterprise_id: request.enterpriseId,
    transaction_id: refund.id,
    idempotency_key: input.idempotency_key,
    gateway: 'refund',
    decision: 'ACCEPT',
    decided_at: new Date(),
    response: {},
  });
  const allocations = await tx
    .select()
    .from(transactionAllocations)
    .where(eq(transactionAllocations.transaction_id, payment.id))
    .orderBy(asc(transactionAllocations.created_at));
  let remaining = amount;
  for (const a of [...allocations].reverse()) {
    if (remaining <= 0) break;
    const back = Math.min(remaining, a.amount_cents);
    remaining -= back;
    await tx.insert(transactionAllocations).values({
      enterprise_id: request.enterpriseId,
      transaction_id: refund.id,
      license_request_id: a.license_request_id,
      amount_cents: -back,
    });
  }
  await recordChange(tx, actor, {
    entity: 'transactions',
    objectId: refund.id,
    action: 'create',
    after: refund,
  });
  await recordEvent(tx, {
    enterpriseId: request.enterpriseId,
    name: Events.paymentRefunded,
    entity: 'transactions',
    objectId: refund.id,
    actorId: actor.userId,
    payload: { amount_cents: amount, refund_of_id: payment.id, full: amount === left },
  });
  return refund.id;
}
