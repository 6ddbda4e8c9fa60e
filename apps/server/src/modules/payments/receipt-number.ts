import { referenceTables, type Tx } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { takeAutonumber } from '../lookups/autonumbers';

const autonumbers = referenceTables.autonumbers;

/** The label of the auto number that numbers an enterprise's receipts of a year. */
export const receiptAutonumberLabel = (year: string) => `Receipts ${year}`;

/**
 * The next receipt number (RCPT-2026-000123) of the enterprise for the year (UTC) the money moves,
 * taken in the caller's transaction from the year's receipt auto number, made on first use. The
 * insert waits on a concurrent one making the same auto number (its unique label), and the counter's
 * UPDATE locks its row, so two settlements at once never share a number; the transactions' unique
 * index on the number holds to it whatever staff do to the auto number.
 */
export async function takeReceiptNumber(tx: Tx, actor: Actor, when = new Date()): Promise<string> {
  const year = String(when.getUTCFullYear());
  const label = receiptAutonumberLabel(year);
  const [made] = await tx
    .insert(autonumbers)
    .values({
      enterprise_id: actor.enterpriseId,
      label,
      code: `RCPT-${year}`,
      description: `Numbers the receipts of money taken or refunded in ${year}.`,
      prefix: `RCPT-${year}-`,
      next_number: 1,
      padding: 6,
    })
    .onConflictDoNothing()
    .returning();
  if (made)
    await recordChange(tx, actor, {
      entity: 'autonumbers',
      objectId: String(made.id),
      action: 'create',
      after: made,
    });
  const [counter] = await tx
    .select({ id: sql<string>`${autonumbers.id}` })
    .from(autonumbers)
    .where(
      and(
        eq(autonumbers.enterprise_id, actor.enterpriseId),
        sql`lower(${autonumbers.label}) = lower(${label})`,
      ),
    );
  const number = counter ? await takeAutonumber(tx, actor.enterpriseId, counter.id) : null;
  if (!number) throw new Error(`the receipt auto number of ${year} is missing`);
  return number;
}
