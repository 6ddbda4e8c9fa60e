import { referenceTables, type Tx } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';

const autonumbers = referenceTables.autonumbers;

/** A number from an auto number record: prefix, zero-padded counter, suffix. */
export function formatNumber(
  n: number,
  prefix: string | null,
  padding: number | null,
  suffix: string | null,
): string {
  return `${prefix ?? ''}${String(n).padStart(padding ?? 1, '0')}${suffix ?? ''}`;
}

/**
 * Takes the next number of an auto number, or null when the enterprise has no such auto number. The
 * single UPDATE ... RETURNING locks the counter row, so two records numbered at once get two numbers.
 */
export async function takeAutonumber(
  tx: Tx,
  enterpriseId: string,
  autonumberId: string,
): Promise<string | null> {
  const [row] = await tx
    .update(autonumbers)
    .set({ next_number: sql`${autonumbers.next_number} + 1`, updated_at: new Date() })
    .where(and(eq(autonumbers.id, autonumberId), eq(autonumbers.enterprise_id, enterpriseId)))
    .returning({
      n: sql<number>`${autonumbers.next_number} - 1`,
      prefix: autonumbers.prefix,
      padding: autonumbers.padding,
      suffix: autonumbers.suffix,
    });
  return row
    ? formatNumber(
        Number(row.n),
        row.prefix as string | null,
        row.padding as number | null,
        row.suffix as string | null,
      )
    : null;
}

/** A number for a record with no auto number configured: `PREFIX-YYYYMMDD-XXXXX`, the tail random. */
export function datedNumber(prefix: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = Math.floor(Math.random() * 36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0');
  return `${prefix}-${day}-${random}`;
}
