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

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ? String(d) : null);

/** A voucher as the API answers it (`person_name` when the row was read with its person). */
export const presentVoucher = (
  v: VoucherRow & { person_name?: string | null },
  answer: { coversAll?: boolean; chargedCents?: number } = {},
): VoucherOutput => ({
  id: v.id,
  code: v.code,
  user_id: v.user_id,
  ...(v.person_name === undefined ? {} : { person_name: v.person_name }),
  amount_cents: v.amount_cents,
  percent: v.percent,
  max_uses: v.max_uses,
  use_count: v.use_count,
  active: v.active,
  license_request_id: v.license_request_id,
  expires_on: v.expires_on,
  used: v.use_count >= v.max_uses,
  used_at: iso(v.used_at),
  used_transaction_id: v.used_transaction_id,
  note: v.note,
  ...(answer.coversAll === undefined ? {} : { covers_all: answer.coversAll }),
  ...(answer.chargedCents === undefined ? {} : { charged_cents: answer.chargedCents }),
  created_at: iso(v.created_at) ?? undefined,
  updated_at: iso(v.updated_at) ?? undefined,
});

/** What a voucher pays towards what a request owes: its amount, or its share (rounded to the cent). */
const worth = (v: VoucherRow, owedCents: number) =>
  Math.min(owedCents, v.percent !== null ? Math.round((owedCents * v.percent) / 100) : (v.amount_cents ?? 0));

/**
 * Only a single-use amount voucher is held for a request between SaveElement and the charge (the
 * totals count it); one used more than once, or a share, is checked there and charged at once.
 */
const reserves = (v: VoucherRow) => v.max_uses === 1 && v.amount_cents !== null;

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
  if (v.use_count >= v.max_uses) throw unusable('This voucher has already been used.');
  if (!v.active) throw unusable('This voucher has been deactivated.');
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
  if (!reserves(v)) {
    const owed = (await basketTotals(tx, [req!])).items[0]!;
    return presentVoucher(v, { coversAll: worth(v, owed.due_cents) >= owed.due_cents });
  }
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
  return presentVoucher(saved!, { coversAll: totals.due_cents === 0 });
}

/**
 * VoucherPay/LicenseVoucherCharge/{id}: pays a request with a voucher: a settled voucher transaction
 * of what the voucher covers (its amount or share of what is owed); one of its uses is spent.
 */
export async function chargeVoucher(tx: Tx, request: FastifyRequest, requestId: string, code: string) {
  const [req] = await basketRequests(tx, request.auth, request.enterpriseId, [requestId], true);
  const v = await usableVoucher(tx, request, code, requestId, req!.user_id);
  const owed = (await basketTotals(tx, [req!])).items[0]!;
  const amount = worth(v, owed.due_cents + owed.voucher_cents);
  if (amount <= 0) throw unusable('Nothing is owed on this request: the voucher is not needed.');
  // The voucher reserves nothing while it is charged: what it pays is allocated as money.
  await tx.update(vouchers).set({ license_request_id: null }).where(eq(vouchers.id, v.id));
  const actor = actorOf(request);
  const opened = await openPayment(tx, actor, request.auth!, {
    requests: [req!],
    method: 'voucher',
    amountCents: amount,
    idempotencyKey: `voucher:${v.id}:${v.use_count + 1}`,
    gateway: 'voucher',
    reference: v.code,
    voucherId: v.id,
  });
  await settlePayment(tx, actor, opened.transaction.id, [req!]);
  const [used] = await tx
    .update(vouchers)
    .set({
      use_count: v.use_count + 1,
      used_at: new Date(),
      used_transaction_id: opened.transaction.id,
      license_request_id: reserves(v) ? requestId : null,
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
  return presentVoucher(used!, {
    coversAll: amount >= owed.due_cents + owed.voucher_cents,
    chargedCents: amount,
  });
}
