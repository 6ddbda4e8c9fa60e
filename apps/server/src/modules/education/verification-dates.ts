import { certifications, type Db, educationLevels, referenceTables } from '@licensure/db';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { cycleFor } from './progress';

const categoryLevels = referenceTables.license_category_levels;

/**
 * `EducationVerificationDates`: for each live credential of a person with an expiration date, the
 * cycle in which education counts toward its renewal (the level's cycle months before it expires;
 * 24 when no education level names its category level).
 */
export async function verificationDates(db: Db, enterpriseId: string, userId: string) {
  const rows = await db
    .select({
      id: certifications.id,
      expiration: certifications.expiration_date,
      label: categoryLevels.label,
      months: educationLevels.cycle_months,
    })
    .from(certifications)
    .leftJoin(categoryLevels, eq(categoryLevels.id, certifications.license_category_level_id))
    .leftJoin(
      educationLevels,
      and(
        eq(educationLevels.license_category_level_id, certifications.license_category_level_id),
        isNull(educationLevels.deleted_at),
      ),
    )
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        eq(certifications.user_id, userId),
        isNull(certifications.deleted_at),
        isNotNull(certifications.expiration_date),
      ),
    )
    .orderBy(asc(certifications.expiration_date));
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => {
      const cycle = cycleFor(r.expiration, r.months ?? 24, r.expiration as string);
      return {
        certification_id: r.id,
        label: (r.label as string | null) ?? null,
        cycle_start: cycle.start,
        cycle_end: cycle.end,
      };
    });
}
