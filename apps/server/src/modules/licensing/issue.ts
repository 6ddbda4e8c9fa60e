import { certifications, type licenseRequests, licenses, referenceTables, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { takeAutonumber } from '../lookups/autonumbers';
import {
  addMonthsClamped,
  type CalendarDate,
  daysInMonth,
  formatDate,
  parseDate,
} from './rules/relative-date';

export type ExpirationRule = 'exact' | 'end_of_month' | 'end_of_year';

/** When a credential issued (or renewed from) `from` expires. */
export function expirationDate(from: CalendarDate, months: number, rule: ExpirationRule): string {
  const d = addMonthsClamped(from, months);
  if (rule === 'end_of_month') return formatDate({ ...d, day: daysInMonth(d.year, d.month) });
  if (rule === 'end_of_year') return formatDate({ year: d.year, month: 12, day: 31 });
  return formatDate(d);
}

/**
 * Takes the next number of a licence's pattern; concurrent approvals each get their own number.
 */
export async function nextCredentialNumber(
  tx: Tx,
  enterpriseId: string,
  autonumberId: string,
): Promise<string> {
  const number = await takeAutonumber(tx, enterpriseId, autonumberId);
  if (!number) throw badRequest({ autonumber_id: 'The number pattern of this licence no longer exists.' });
  return number;
}

type Request = typeof licenseRequests.$inferSelect;
type Certification = typeof certifications.$inferSelect;

/**
 * Issues or renews the credentials an approved request asks for: one per chosen level. A holder's
 * existing credential of the same licence and level (or the one the request renews) is renewed and
 * keeps its number; otherwise a new one is numbered from the licence's pattern. Where a category
 * allows one level only, the holder's other active credentials of that category become inactive.
 */
export async function issueCredentials(tx: Tx, enterpriseId: string, request: Request, today: CalendarDate) {
  if (!request.license_id) throw badRequest({ license_id: 'The request names no licence.' });
  const [license] = await tx.select().from(licenses).where(eq(licenses.id, request.license_id));
  if (!license) throw badRequest({ license_id: 'The licence of this request no longer exists.' });
  const chosen = referenceTables.license_request_application_types;
  const levelsTable = referenceTables.license_category_levels;
  const categoriesTable = referenceTables.license_categories;
  const levelIds = [
    ...new Set(
      (
        await tx
          .select({ level: chosen.license_category_level_id })
          .from(chosen)
          .where(and(eq(chosen.license_request_id, request.id), eq(chosen.checked, true)))
      ).map((r) => r.level as string),
    ),
  ];
  if (levelIds.length === 0)
    throw badRequest({
      application_types: 'Choose at least one application type and level before approving.',
    });
  const levels = await tx
    .select({ level: levelsTable, category: categoriesTable })
    .from(levelsTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, levelsTable.license_category_id))
    .where(inArray(levelsTable.id, levelIds));
  const statuses = referenceTables.license_category_certification_statuses;
  const issuedStatuses = await tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.license_id, license.id), eq(statuses.is_issued_status, true)));

  const holder = { user_id: request.user_id, service_id: request.service_id, vehicle_id: request.vehicle_id };
  const holderIs = () =>
    request.user_id
      ? eq(certifications.user_id, request.user_id)
      : request.service_id
        ? eq(certifications.service_id, request.service_id)
        : eq(certifications.vehicle_id, request.vehicle_id as string);
  if (!holder.user_id && !holder.service_id && !holder.vehicle_id)
    throw badRequest({ user_id: 'The request has no person, service or vehicle to license.' });

  const issued: Certification[] = [];
  for (const { level, category } of levels) {
    const levelId = level.id as string;
    const categoryId = category.id as string;
    const status =
      issuedStatuses.find((s) => s.license_category_id === categoryId) ??
      issuedStatuses.find((s) => !s.license_category_id);
    const [existing] = await tx
      .select()
      .from(certifications)
      .where(
        and(
          eq(certifications.enterprise_id, enterpriseId),
          isNull(certifications.deleted_at),
          holderIs(),
          eq(certifications.license_id, license.id),
          request.renews_certification_id
            ? or(
                eq(certifications.id, request.renews_certification_id),
                eq(certifications.license_category_level_id, levelId),
              )
            : eq(certifications.license_category_level_id, levelId),
        ),
      )
      .orderBy(sql`${certifications.expiration_date} desc nulls last`)
      .limit(1);
    const months = Number(level.months_valid ?? 24);
    const rule = (level.expiration_rule ?? 'exact') as ExpirationRule;
    const values = {
      license_category_level_id: levelId,
      license_category_id: categoryId,
      license_request_id: request.id,
      certification_status_id: (status?.id as string | undefined) ?? null,
      status: 'active' as const,
      updated_at: new Date(),
    };
    let saved: Certification | undefined;
    if (existing) {
      // A renewal extends from the old expiry while it is still in the future, from today after it.
      const old = existing.expiration_date ? parseDate(existing.expiration_date) : null;
      const from = old && formatDate(old) >= formatDate(today) ? old : today;
      [saved] = await tx
        .update(certifications)
        .set({ ...values, expiration_date: expirationDate(from, months, rule) })
        .where(eq(certifications.id, existing.id))
        .returning();
    } else {
      if (!license.autonumber_id)
        throw badRequest({ autonumber_id: `${license.name} has no number pattern for its credentials.` });
      const number = await nextCredentialNumber(tx, enterpriseId, license.autonumber_id);
      [saved] = await tx
        .insert(certifications)
        .values({
          ...values,
          ...holder,
          enterprise_id: enterpriseId,
          license_id: license.id,
          number,
          issue_date: formatDate(today),
          expiration_date: expirationDate(today, months, rule),
        })
        .returning();
    }
    if (!saved) throw new Error('credential not saved');
    if (!category.allow_multiple_levels) {
      await tx
        .update(certifications)
        .set({ status: 'inactive', updated_at: new Date() })
        .where(
          and(
            holderIs(),
            eq(certifications.license_category_id, categoryId),
            eq(certifications.status, 'active'),
            ne(certifications.id, saved.id),
          ),
        );
    }
    issued.push(saved);
  }
  return issued;
}
