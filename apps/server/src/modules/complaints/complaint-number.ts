import { complaint_categories, complaint_statuses, type Db, referenceTables, type Tx } from '@licensure/db';
import { and, asc, eq } from 'drizzle-orm';
import { datedNumber, formatNumber, takeAutonumber } from '../lookups/autonumbers';

const autonumbers = referenceTables.autonumbers;

/** The auto number a category numbers its complaints from, or null. */
export async function categoryAutonumber(db: Db | Tx, enterpriseId: string, categoryId: string) {
  const [row] = await db
    .select({ id: complaint_categories.id, autonumber_id: complaint_categories.autonumber_id })
    .from(complaint_categories)
    .where(
      and(eq(complaint_categories.id, categoryId), eq(complaint_categories.enterprise_id, enterpriseId)),
    );
  return row ? { autonumberId: (row.autonumber_id as string | null) ?? null } : null;
}

/** The number the counter would give next, without taking it. */
export async function peekNumber(db: Db | Tx, enterpriseId: string, autonumberId: string) {
  const [a] = await db
    .select()
    .from(autonumbers)
    .where(and(eq(autonumbers.id, autonumberId), eq(autonumbers.enterprise_id, enterpriseId)));
  if (!a) return null;
  return formatNumber(Number(a.next_number ?? 1), a.prefix, a.padding, a.suffix);
}

/**
 * Takes a complaint's number: from its category's auto number (one UPDATE ... RETURNING, so two
 * complaints filed at once get two numbers), else a dated number with a random part.
 */
export async function takeComplaintNumber(
  tx: Tx,
  enterpriseId: string,
  categoryId: string | null | undefined,
) {
  const autonumberId = categoryId
    ? (await categoryAutonumber(tx, enterpriseId, categoryId))?.autonumberId
    : null;
  const number = autonumberId ? await takeAutonumber(tx, enterpriseId, autonumberId) : null;
  return number ?? datedNumber('CMP');
}

/** The status a new complaint starts in: the first open status of the list. */
export async function initialStatusId(db: Db | Tx, enterpriseId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: complaint_statuses.id })
    .from(complaint_statuses)
    .where(
      and(
        eq(complaint_statuses.enterprise_id, enterpriseId),
        eq(complaint_statuses.active, true),
        eq(complaint_statuses.is_closed, false),
      ),
    )
    .orderBy(asc(complaint_statuses.sort_order), asc(complaint_statuses.label))
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}

/** Whether a status closes complaints (false for an unknown one: the reference check refuses it). */
export async function statusCloses(db: Db | Tx, enterpriseId: string, statusId: string | null | undefined) {
  if (!statusId) return false;
  const [row] = await db
    .select({ is_closed: complaint_statuses.is_closed })
    .from(complaint_statuses)
    .where(and(eq(complaint_statuses.id, statusId), eq(complaint_statuses.enterprise_id, enterpriseId)));
  return row?.is_closed === true;
}

/** The first closing status, for closing complaints in bulk without naming one. */
export async function firstClosedStatusId(db: Db | Tx, enterpriseId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: complaint_statuses.id })
    .from(complaint_statuses)
    .where(and(eq(complaint_statuses.enterprise_id, enterpriseId), eq(complaint_statuses.is_closed, true)))
    .orderBy(asc(complaint_statuses.sort_order))
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}

/** The active categories, in their order, for the public complaint form. */
export async function publicCategories(db: Db | Tx, enterpriseId: string) {
  const rows = await db
    .select({ id: complaint_categories.id, label: complaint_categories.label })
    .from(complaint_categories)
    .where(and(eq(complaint_categories.enterprise_id, enterpriseId), eq(complaint_categories.active, true)))
    .orderBy(asc(complaint_categories.sort_order), asc(complaint_categories.label));
  return rows.map((r) => ({ id: r.id as string, label: r.label as string }));
}
