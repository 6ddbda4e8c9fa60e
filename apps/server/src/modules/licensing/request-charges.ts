import type { ChargeCalculatedField } from '@licensure/contracts';
import { certifications, type Db, licenseRequests, referenceTables, type Tx } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type CalendarDate, formatDate, parseDate } from './rules/relative-date';

type RequestRow = typeof licenseRequests.$inferSelect;

/** The checked application types and levels of a request. */
export async function chosenTypes(db: Db | Tx, requestId: string) {
  const chosen = referenceTables.license_request_application_types;
  return db
    .select({
      application_type_id: sql<string>`${chosen.application_type_id}`,
      license_category_level_id: sql<string>`${chosen.license_category_level_id}`,
    })
    .from(chosen)
    .where(and(eq(chosen.license_request_id, requestId), eq(chosen.checked, true)));
}

export interface ComputedCharge {
  license_charge_id: string;
  description: string;
  quantity: number;
  amount_cents: number;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The quantity a calculated charge is multiplied by for this request. */
export async function chargeQuantity(
  db: Db | Tx,
  request: RequestRow,
  field: ChargeCalculatedField,
  levelCount: number,
  today: CalendarDate,
): Promise<number> {
  switch (field) {
    case 'flat':
      return 1;
    case 'levels':
      return levelCount;
    case 'vehicles': {
      const [row] = await db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(licenseRequests)
        .where(and(eq(licenseRequests.parent_request_id, request.id), isNull(licenseRequests.deleted_at)));
      return row?.n ?? 0;
    }
    case 'days_late':
    case 'months_late': {
      if (!request.renews_certification_id) return 0;
      const [cert] = await db
        .select({ expiration_date: certifications.expiration_date })
        .from(certifications)
        .where(eq(certifications.id, request.renews_certification_id));
      const expired = cert?.expiration_date ? parseDate(cert.expiration_date) : null;
      if (!expired) return 0;
      const days = daysBetween(formatDate(expired), formatDate(today));
      if (days <= 0) return 0;
      return field === 'days_late' ? days : Math.ceil(days / 30.4375);
    }
  }
}

/**
 * The charges a request owes: the licence's charges for its chosen application types and levels
 * (a charge without a type or level applies to all), each multiplied by its calculated field and
 * capped at its maximum. Charges that come to nothing are left out.
 */
export async function computeCharges(
  db: Db | Tx,
  request: RequestRow,
  today: CalendarDate,
  onlyChargeId?: string,
): Promise<ComputedCharge[]> {
  if (!request.license_id) return [];
  const charges = referenceTables.license_charges;
  const rows = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.license_id, request.license_id),
        eq(charges.active, true),
        onlyChargeId ? eq(charges.id, onlyChargeId) : undefined,
      ),
    )
    .orderBy(asc(charges.sort_order), asc(charges.label));
  const chosen = await chosenTypes(db, request.id);
  const types = new Set(chosen.map((c) => c.application_type_id));
  const levels = new Set(chosen.map((c) => c.license_category_level_id));
  const out: ComputedCharge[] = [];
  for (const c of rows) {
    const typeId = c.application_type_id as string | null;
    const levelId = c.license_category_level_id as string | null;
    if (typeId && !types.has(typeId)) continue;
    if (levelId && !levels.has(levelId)) continue;
    const field = (c.calculated_field ?? 'flat') as ChargeCalculatedField;
    const quantity = await chargeQuantity(db, request, field, levelId ? 1 : levels.size, today);
    if (quantity <= 0) continue;
    const max = c.max_cents as number | null;
    const amount = Number(c.amount_cents) * quantity;
    out.push({
      license_charge_id: c.id as string,
      description: c.label as string,
      quantity,
      amount_cents: max !== null && max !== undefined ? Math.min(amount, max) : amount,
    });
  }
  return out;
}
