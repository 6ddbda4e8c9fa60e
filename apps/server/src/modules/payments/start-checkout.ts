import { paymentMessages, type SignedForm } from '@licensure/contracts';
import { paymentAttempts, type Tx, transactions } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { publicOrigin } from '../../platform/tenancy/public-origin';
import { secureAcceptance } from './cybersource';
import { hasSeparator, signedDateTime, signRequest } from './cybersource-sign';
import { attributesOf, type GatewayConfig, RECEIPT_PATH } from './gateway';
import type { Opened } from './open-payment';

/** Fields the payer may add to a signed form (billing details, card type); all others are the server's. */
const payerField = (name: string) =>
  /^bill_to_[a-z0-9_]+$/.test(name) || ['card_type', 'payment_method', 'echeck_account_type'].includes(name);
const signatureFields = new Set([
  'signature',
  'signed_field_names',
  'unsigned_field_names',
  'signed_date_time',
]);

/**
 * The payer's own fields of a form. A value holding a separator (`,` or `=`) is refused: signed, it
 * could be read back as other fields, answer fields among them.
 */
function payerFields(fields: Record<string, string>): Record<string, string> {
  const bad = Object.keys(fields).find((k) => !payerField(k) && !signatureFields.has(k));
  if (bad) throw badRequest({ [`fields.${bad}`]: `The field ${bad} is set by the server, not the payer.` });
  const added = Object.entries(fields).filter(([k]) => payerField(k));
  const split = added.find(([, v]) => hasSeparator(v));
  if (split) throw badRequest({ [`fields.${split[0]}`]: paymentMessages.separatorInField(split[0]) });
  return Object.fromEntries(added);
}

/** A signed form without its signature (the fields the next signing starts from). */
const unsigned = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).filter(([k]) => !signatureFields.has(k) || k === 'signed_date_time'),
  );

/**
 * The signed form of a pending payment. A new attempt gets fresh fields from the gateway adapter;
 * a replayed idempotency key answers the first attempt's fields, signed again (the same
 * transaction_uuid, so the gateway sees one payment). A payment no longer pending cannot be paid again.
 */
export async function startHostedCheckout(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Tx,
  config: GatewayConfig,
  opened: Opened,
  extra: Record<string, string>,
): Promise<SignedForm> {
  const { transaction, attempt } = opened;
  if (transaction.state !== 'pending')
    throw new AppError('conflict', 'This payment is already complete; start a new one if more is owed.');
  const added = payerFields(extra);
  const url = attributesOf(config).checkout_url;
  const stored = attempt.response?.sent as Record<string, string> | undefined;
  if (opened.replayed && stored && Object.keys(stored).length > 0)
    return {
      url,
      transaction_id: transaction.id,
      fields: signRequest({ ...stored, signed_date_time: signedDateTime() }, config.secretKey),
    };
  const origin = config.kind === 'test' ? '' : ((await publicOrigin(app, request)) ?? '');
  const checkout = await secureAcceptance.start(config, {
    transaction,
    attemptId: attempt.id,
    receiptUrl: `${origin}${RECEIPT_PATH}`,
  });
  const fields = signRequest({ ...unsigned(checkout.fields ?? {}), ...added }, config.secretKey);
  await tx
    .update(paymentAttempts)
    .set({ response: { ...attempt.response, sent: unsigned(fields) } })
    .where(eq(paymentAttempts.id, attempt.id));
  return { url, transaction_id: transaction.id, fields };
}

/**
 * `sign`: signs the caller's pending form again, with billing details the payer added. Every field
 * the server set must come back unchanged (amount, reference, transaction_uuid): `sign` is not an
 * oracle for arbitrary amounts.
 */
export async function resignFields(
  tx: Tx,
  request: FastifyRequest,
  config: GatewayConfig,
  fields: Record<string, string>,
): Promise<SignedForm> {
  const attemptId = z.uuid().safeParse(fields.transaction_uuid);
  if (!attemptId.success)
    throw badRequest({ 'fields.transaction_uuid': 'transaction_uuid must name a pending payment' });
  const [found] = await tx
    .select({ attempt: paymentAttempts, transaction: transactions })
    .from(paymentAttempts)
    .innerJoin(transactions, eq(transactions.id, paymentAttempts.transaction_id))
    .where(
      and(eq(paymentAttempts.id, attemptId.data), eq(paymentAttempts.enterprise_id, request.enterpriseId)),
    )
    .for('update');
  if (!found || found.transaction.recorded_by !== request.auth!.userId) throw notFound('payment');
  if (found.transaction.state !== 'pending' || found.attempt.decision)
    throw new AppError('conflict', 'This payment is already complete; start a new one if more is owed.');
  const stored = (found.attempt.response?.sent ?? {}) as Record<string, string>;
  const serverSet = Object.entries(stored).filter(([k]) => !payerField(k) && k !== 'signed_date_time');
  const changed = serverSet.find(([k, v]) => fields[k] !== v);
  if (changed)
    throw badRequest({ [`fields.${changed[0]}`]: `The field ${changed[0]} must stay as the server set it.` });
  const extra = Object.fromEntries(Object.entries(fields).filter(([k]) => !(k in stored) || payerField(k)));
  const added = payerFields(extra);
  const next = { ...Object.fromEntries(serverSet), ...added, signed_date_time: signedDateTime() };
  await tx
    .update(paymentAttempts)
    .set({ response: { ...found.attempt.response, sent: next } })
    .where(eq(paymentAttempts.id, found.attempt.id));
  return {
    url: attributesOf(config).checkout_url,
    transaction_id: found.transaction.id,
    fields: signRequest(next, config.secretKey),
  };
}
