import { referenceTables, type Tx } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';

/** What the request still owes: the sum of its unpaid charges, in cents. */
export async function unpaidCents(tx: Tx, requestId: string): Promise<number> {
  const charges = referenceTables.license_request_charges;
  const [row] = await tx
    .select({ n: sql<number>`cast(coalesce(sum(${charges.amount_cents}), 0) as integer)` })
    .from(charges)
    .where(and(eq(charges.license_request_id, requestId), eq(charges.paid, false)));
  return row?.n ?? 0;
}
