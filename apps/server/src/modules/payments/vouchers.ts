import type { VoucherOutput } from '@licensure/contracts';
import { type Tx, vouchers } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';
import { basketRequests, basketTotals } from './basket';
import { openPayment } from './open-payment';
import { settlePayment } from './settle-payment';

type VoucherRow = typeof vouchers.$inferSelect;

export const presentVoucher = (v: VoucherRow, coversAll?: boolean): VoucherOutput => ({
  id: v.id,
  code: v.code,
  user_id: v.user_id,
  amount_cents: v.amount_cents,
  license_request_id: v.license_request_id,
  expires_on: v.expires_on,
  used: v.used_at !== null,
  used_at: v.used_at ? v.used_at.toISOString() : null,
  used_transaction_id: v.used_transaction_id,
  ...(coversAll === undefined ? {} : { covers_all: coversAll }),
});

const unusable = (why: string) => new AppError('conflict', why, { code: why });

/** A live voucher of this code the request's payer may use, locked; a stranger's voucher is not found. */
async function usableVoucher(
  tx: Tx,
  request: FastifyRequest,
  code: string,
  requestId: string,
  owner: string | null,
) {
  const [v] = await tx
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.enterprise_id, request.enterpriseId),
        sql`lower(${vouchers.code}) = lower(${code.trim()})`,
        isNull(vouchers.deleted_at),
      ),
    )
    .for('update');
  const staff = request.auth!.permissions.has('payments.write');
  if (!v || (v.user_id && v.user_id !== owner && !staff && v.user_id !== request.auth!.userId))
    throw notFound('voucher');
  if (v.used_at) throw unusable('This voucher has already been used.');
  if (v.expires_on && v.expires_on < new Date().toISOString().slice(0, 10))
    throw unusable('This voucher has expired.');
  if (v.license_request_id && v.license_request_id !== requestId)
    throw unusable('This voucher is saved against another request.');
  return v;
}

/** VoucherPay/SaveElement/{id}: saves a voucher against a request; says whether it covers everything owed. */
export async function saveVoucher(tx: Tx, request: FastifyRequest, requestId: string, code: string) {
  const [req] = await basketRequests(tx, request.auth, request.enterpriseId, [requestId], true);
  const v = await usableVoucher(tx, request, code, requestId, req!.user_id);
  const [saved] = await tx
    .update(vouchers)
    .set({ license_request_id: requestId, updated_at: new Date() })
    .where(eq(vouchers.id, v.id))
    .returning();
  await recordChange(tx, actorOf(request), {
    entity: 'vouchers',
    objectId: v.id,
    action: 'update',
    before: v,
    after: saved,
  });
  const totals = await basketTotals(tx, [req!]);
  return presentVoucher(saved!, totals.due_cents === 0);
}

/**
 * VoucherPay/LicenseVoucherCharge/{id}: pays a request with its voucher, once: a settled voucher
 * transaction of what the voucher covers (all or part of what is owed); the voucher is used up.
 */
export async function chargeVoucher(tx: Tx, request: FastifyRequest, requestId: string, code: string) {
  const [req] = await basketRequests(tx, request.auth, request.enterpriseId, [requestId], true);
  const v = await usableVoucher(tx, request, code, requestId, req!.user_id);
  const owed = (await basketTotals(tx, [req!])).items[0]!;
  const amount = Math.min(v.amount_cents, owed.due_cents + owed.voucher_cents);
  if (amount <= 0) throw unusable('Nothing is owed on this request: the voucher is not needed.');
  // The voucher reserves nothing while it is charged: what it pays is allocated as money.
  await tx.update(vouchers).set({ license_request_id: null }).where(eq(vouchers.id, v.id));
  const actor = actorOf(request);
  const opened = await openPayment(tx, actor, request.auth!, {
    requests: [req!],
    method: 'voucher',
    amountCents: amount,
    idempotencyKey: `voucher:${v.id}`,
    gateway: 'voucher',
    reference: v.code,
    voucherId: v.id,
  });
  await settlePayment(tx, actor, opened.transaction.id, [req!]);
  const [used] = await tx
    .update(vouchers)
    .set({
      used_at: new Date(),
      used_transaction_id: opened.transaction.id,
      license_request_id: requestId,
      updated_at: new Date(),
    })
    .where(eq(vouchers.id, v.id))
    .returning();
  await recordChange(tx, actor, {
    entity: 'vouchers',
    objectId: v.id,
    action: 'update',
    before: v,
    after: used,
  });
  return presentVoucher(used!, amount >= owed.due_cents + owed.voucher_cents);
}
