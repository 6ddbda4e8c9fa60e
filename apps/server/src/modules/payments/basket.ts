import type { BasketTotals } from '@licensure/contracts';
import {
  type Db,
  licenseRequests,
  licenses,
  referenceTables,
  type Tx,
  transactionAllocations,
  transactions,
  vouchers,
} from '@licensure/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { notFound, unauthenticated } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions';

type RequestRow = typeof licenseRequests.$inferSelect;

/** Staff holding one of these pay, record and read payments for any request. */
const actsForAnyone = ['payments.read', 'payments.write', 'requests.read'] as const;

/**
 * The requests of a basket the caller may pay for: staff any; a portal user only those they speak
 * for (another's request is a 404, so ids cannot be probed). Locked when `lock`.
 */
export async function basketRequests(
  db: Db | Tx,
  auth: AuthContext | null,
  enterpriseId: string,
  ids: readonly string[],
  lock = false,
): Promise<RequestRow[]> {
  if (!auth) throw unauthenticated();
  const unique = [...new Set(ids)];
  const query = db
    .select()
    .from(licenseRequests)
    .where(
      and(
        inArray(licenseRequests.id, unique),
        eq(licenseRequests.enterprise_id, enterpriseId),
        isNull(licenseRequests.deleted_at),
      ),
    )
    .orderBy(asc(licenseRequests.created_at), asc(licenseRequests.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw notFound('licence request');
  if (actsForAnyone.some((k) => auth.permissions.has(k))) return rows;
  for (const row of rows)
    if (!(await speaksFor(db, auth, enterpriseId, row))) throw notFound('licence request');
  return rows;
}

/**
 * What each request of a basket owes. A payment that paid a request in full marks its charges paid;
 * money allocated beyond the charges it marked paid (a partial payment, a partial voucher) is a credit
 * against the charges still unpaid; a voucher saved against a request and not yet charged counts too.
 */
export async function basketTotals(db: Db | Tx, requests: readonly RequestRow[]): Promise<BasketTotals> {
  const ids = requests.map((r) => r.id);
  const charges = referenceTables.license_request_charges;
  const chargeRows = await db
    .select({
      license_request_id: sql<string>`${charges.license_request_id}`,
      description: sql<string>`${charges.description}`,
      quantity: sql<number>`${charges.quantity}`,
      amount_cents: sql<number>`${charges.amount_cents}`,
      paid: sql<boolean>`${charges.paid}`,
    })
    .from(charges)
    .where(inArray(charges.license_request_id, ids))
    .orderBy(asc(charges.created_at));
  const allocated = await db
    .select({
      license_request_id: transactionAllocations.license_request_id,
      cents: sql<number>`cast(sum(${transactionAllocations.amount_cents}) as integer)`,
    })
    .from(transactionAllocations)
    .innerJoin(transactions, eq(transactions.id, transactionAllocations.transaction_id))
    .where(
      and(
        inArray(transactionAllocations.license_request_id, ids),
        eq(transactions.state, 'settled'),
        eq(transactions.kind, 'payment'),
        isNull(transactions.deleted_at),
      ),
    )
    .groupBy(transactionAllocations.license_request_id);
  const saved = await db
    .select({
      license_request_id: vouchers.license_request_id,
      cents: sql<number>`cast(sum(${vouchers.amount_cents}) as integer)`,
    })
    .from(vouchers)
    .where(
      and(
        inArray(vouchers.license_request_id, ids),
        isNull(vouchers.used_at),
        isNull(vouchers.deleted_at),
        eq(vouchers.active, true),
      ),
    )
    .groupBy(vouchers.license_request_id);
  const names = await licenseNames(db, requests);

  const items = requests.map((r) => {
    const mine = chargeRows.filter((c) => c.license_request_id === r.id);
    const total = mine.reduce((s, c) => s + c.amount_cents, 0);
    const unpaid = mine.filter((c) => !c.paid).reduce((s, c) => s + c.amount_cents, 0);
    const markedPaid = total - unpaid;
    const alloc = allocated.find((a) => a.license_request_id === r.id)?.cents ?? 0;
    const credit = Math.max(0, alloc - markedPaid);
    const afterCredit = Math.max(0, unpaid - credit);
    const voucher = Math.min(afterCredit, saved.find((v) => v.license_request_id === r.id)?.cents ?? 0);
    const due = afterCredit - voucher;
    return {
      license_request_id: r.id,
      license_name: names.get(r.id) ?? null,
      charges_cents: total,
      paid_cents: total - afterCredit,
      voucher_cents: voucher,
      due_cents: due,
    };
  });
  const sum = (k: 'charges_cents' | 'paid_cents' | 'voucher_cents' | 'due_cents') =>
    items.reduce((s, i) => s + i[k], 0);
  return {
    items,
    charges: chargeRows.map((c) => ({ ...c, license_name: names.get(c.license_request_id) ?? null })),
    charges_cents: sum('charges_cents'),
    paid_cents: sum('paid_cents'),
    voucher_cents: sum('voucher_cents'),
    due_cents: sum('due_cents'),
  };
}

async function licenseNames(db: Db | Tx, requests: readonly RequestRow[]): Promise<Map<string, string>> {
  const licenceIds = [...new Set(requests.map((r) => r.license_id).filter((x): x is string => !!x))];
  if (licenceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: licenses.id, name: licenses.name })
    .from(licenses)
    .where(inArray(licenses.id, licenceIds));
  return new Map(requests.map((r) => [r.id, rows.find((l) => l.id === r.license_id)?.name ?? '']));
}
