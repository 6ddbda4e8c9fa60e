import type { PaymentInput } from '@licensure/contracts';
import type { Tx } from '@licensure/db';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/audit/record-change';
import { basketRequests, basketTotals } from './basket';
import { openPayment } from './open-payment';
import { settlePayment } from './settle-payment';

/**
 * directPayment and offline payments staff take (check, money order, cash): the amount (default:
 * everything the basket owes) is recorded and settled in one transaction with the requests' paid
 * state. The same idempotency key again answers the first payment and records nothing.
 */
export async function recordPayment(tx: Tx, request: FastifyRequest, input: PaymentInput): Promise<string> {
  const requests = await basketRequests(tx, request.auth, request.enterpriseId, input.items, true);
  const totals = await basketTotals(tx, requests);
  const actor = actorOf(request);
  const opened = await openPayment(tx, actor, request.auth!, {
    requests,
    method: input.method,
    amountCents: input.amount_cents ?? totals.due_cents,
    idempotencyKey: input.idempotency_key,
    gateway: 'manual',
    reference: input.reference_number ?? null,
    note: input.note ?? null,
  });
  if (!opened.replayed) await settlePayment(tx, actor, opened.transaction.id, requests);
  return opened.transaction.id;
}
