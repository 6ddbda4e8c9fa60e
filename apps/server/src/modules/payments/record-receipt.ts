import { paymentMessages } from '@licensure/contracts';
import { licenseRequests, paymentAttempts, type Tx, transactions } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors';
import { verifyAnswer } from './cybersource-sign';
import { answerKeyOf, centsOf, type GatewayConfig } from './gateway';
import { closeUnpaid, type PaymentActor, settlePayment } from './settle-payment';

export type ReceiptOutcome = 'settled' | 'declined' | 'abandoned' | 'pending' | 'replayed';
export interface Receipt {
  transactionId: string;
  outcome: ReceiptOutcome;
}

export const badSignature = () =>
  new AppError('validation_failed', paymentMessages.answerNotSigned, {
    signature: paymentMessages.answerNotSigned,
  });

/**
 * Records a gateway's signed answer (the browser's return or the server-to-server notification), once:
 * the signature is checked first, in constant time, over the answer's own signed_field_names, and only
 * an answer whose every acted-on field is signed is trusted (verifyAnswer); only its signed fields are
 * read or kept. The attempt is locked, and an attempt already decided records nothing again (a
 * replay). An accepted answer whose amount or reference differs from the pending payment is not trusted.
 */
export async function recordReceipt(
  tx: Tx,
  enterpriseId: string,
  config: GatewayConfig,
  posted: Record<string, string>,
): Promise<Receipt> {
  const fields = verifyAnswer(posted, answerKeyOf(config));
  if (!fields) throw badSignature();
  const attemptId = z.uuid().safeParse(fields.req_transaction_uuid);
  if (!attemptId.success) throw badSignature();
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, attemptId.data), eq(paymentAttempts.enterprise_id, enterpriseId)))
    .for('update');
  if (!attempt) throw new AppError('not_found', 'The payment was not found.');
  if (attempt.decision) return { transactionId: attempt.transaction_id, outcome: 'replayed' };

  const [payment] = await tx.select().from(transactions).where(eq(transactions.id, attempt.transaction_id));
  if (!payment) throw new AppError('not_found', 'The payment was not found.');
  const decision = (fields.decision ?? '').toUpperCase();
  const actor: PaymentActor = { enterpriseId, userId: payment.recorded_by };
  const amount = centsOf(fields.auth_amount ?? fields.req_amount);
  const matches = fields.req_reference_number === payment.id && amount === payment.amount_cents;
  let outcome: ReceiptOutcome = 'pending';
  if (decision === 'ACCEPT' && matches) {
    const ids = (attempt.response?.items as string[] | undefined) ?? [];
    const requests = await tx
      .select()
      .from(licenseRequests)
      .where(inArray(licenseRequests.id, ids))
      .orderBy(licenseRequests.created_at, licenseRequests.id)
      .for('update');
    const settled = await settlePayment(tx, actor, payment.id, requests, fields.transaction_id);
    outcome = settled ? 'settled' : 'replayed';
  } else if (decision === 'CANCEL') {
    outcome = (await closeUnpaid(tx, actor, payment.id, 'abandoned')) ? 'abandoned' : 'replayed';
  } else if (decision === 'DECLINE' || decision === 'ERROR' || decision === 'ACCEPT') {
    // An ACCEPT for another amount or payment is treated as declined: it pays nothing here.
    outcome = (await closeUnpaid(tx, actor, payment.id, 'declined')) ? 'declined' : 'replayed';
  }
  if (outcome !== 'pending')
    await tx
      .update(paymentAttempts)
      .set({
        decision: decision || 'ERROR',
        decided_at: new Date(),
        response: { ...attempt.response, answer: fields },
      })
      .where(eq(paymentAttempts.id, attempt.id));
  return { transactionId: payment.id, outcome };
}
