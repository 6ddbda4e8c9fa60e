import { Events } from '@licensure/contracts';
import {
  type licenseRequests,
  referenceTables,
  type Tx,
  transactionAllocations,
  transactions,
} from '@licensure/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { basketTotals } from './basket';
import { takeReceiptNumber } from './receipt-number';

type RequestRow = typeof licenseRequests.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

export interface PaymentActor {
  enterpriseId: string;
  userId: string | null;
}

/** The enterprise's transaction status of this label (Pending, Paid, Failed, Refunded, Voided), if it has one. */
export async function statusId(tx: Tx, enterpriseId: string, label: string): Promise<string | null> {
  const statuses = referenceTables.transaction_statuses;
  const [row] = await tx
    .select({ id: sql<string>`${statuses.id}` })
    .from(statuses)
    .where(and(eq(statuses.enterprise_id, enterpriseId), sql`lower(${statuses.label}) = lower(${label})`))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Settles a pending payment, in the caller's transaction: only a pending row settles (a replayed
 * notification finds it settled and records nothing) and takes the next receipt number, its amount is allocated to the basket's
 * requests by what each owes (an overpayment to the last), a request owing nothing more has its
 * charges marked paid, and `payment.settled` is recorded for the trigger engine.
 */
export async function settlePayment(
  tx: Tx,
  actor: PaymentActor,
  transactionId: string,
  requests: readonly RequestRow[],
  reference?: string | null,
): Promise<TransactionRow | null> {
  const paid = await statusId(tx, actor.enterpriseId, 'Paid');
  const [pending] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.enterprise_id, actor.enterpriseId),
        eq(transactions.state, 'pending'),
      ),
    )
    .for('update');
  if (!pending) return null;
  // Numbered only once it is certain to settle: a replay takes no number.
  const now = new Date();
  const [row] = await tx
    .update(transactions)
    .set({
      state: 'settled',
      settled_at: now,
      updated_at: now,
      transaction_status_id: paid,
      receipt_number: await takeReceiptNumber(tx, actor, now),
      ...(reference ? { reference_number: reference } : {}),
    })
    .where(and(eq(transactions.id, pending.id), eq(transactions.state, 'pending')))
    .returning();
  if (!row) return null;
  const before = await basketTotals(tx, requests);
  let left = row.amount_cents;
  const shares = before.items.map((item, i) => {
    const share = i === before.items.length - 1 ? left : Math.min(left, item.due_cents);
    left -= share;
    return { license_request_id: item.license_request_id, amount_cents: share };
  });
  const nonZero = shares.filter((s) => s.amount_cents !== 0);
  if (nonZero.length > 0)
    await tx
      .insert(transactionAllocations)
      .values(nonZero.map((s) => ({ ...s, enterprise_id: actor.enterpriseId, transaction_id: row.id })));
  await markPaidRequests(tx, actor, requests);
  await recordChange(tx, actor, {
    entity: 'transactions',
    objectId: row.id,
    action: 'update',
    before: { state: 'pending' },
    after: { ...row, allocations: nonZero },
  });
  await recordEvent(tx, {
    enterpriseId: actor.enterpriseId,
    name: Events.paymentSettled,
    entity: 'transactions',
    objectId: row.id,
    actorId: actor.userId,
    payload: {
      amount_cents: row.amount_cents,
      method: row.method,
      license_request_ids: requests.map((r) => r.id),
    },
  });
  return row;
}

/** Marks paid the charges of each request that owes nothing more (vouchers only saved do not count). */
export async function markPaidRequests(
  tx: Tx,
  actor: PaymentActor,
  requests: readonly RequestRow[],
): Promise<void> {
  const after = await basketTotals(tx, requests);
  const settled = after.items
    .filter((i) => i.charges_cents > 0 && i.due_cents + i.voucher_cents === 0)
    .map((i) => i.license_request_id);
  if (settled.length === 0) return;
  const charges = referenceTables.license_request_charges;
  const changed = await tx
    .update(charges)
    .set({ paid: true, updated_at: new Date() })
    .where(and(inArray(charges.license_request_id, settled), eq(charges.paid, false)))
    .returning({ id: charges.id, license_request_id: charges.license_request_id });
  for (const c of changed)
    await recordChange(tx, actor, {
      entity: 'license_request_charges',
      objectId: String(c.id),
      action: 'update',
      before: { paid: false },
      after: { paid: true, license_request_id: c.license_request_id },
    });
}

/** A declined or abandoned gateway payment: the request stays payable. Only a pending row changes. */
export async function closeUnpaid(
  tx: Tx,
  actor: PaymentActor,
  transactionId: string,
  state: 'declined' | 'abandoned',
): Promise<TransactionRow | null> {
  const failed = await statusId(tx, actor.enterpriseId, 'Failed');
  const [row] = await tx
    .update(transactions)
    .set({ state, updated_at: new Date(), transaction_status_id: failed })
    .where(and(eq(transactions.id, transactionId), eq(transactions.state, 'pending')))
    .returning();
  if (row)
    await recordChange(tx, actor, {
      entity: 'transactions',
      objectId: row.id,
      action: 'update',
      before: { state: 'pending' },
      after: row,
    });
  return row ?? null;
}
