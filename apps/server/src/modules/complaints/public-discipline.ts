import type { PublicDisciplinaryAction } from '@licensure/contracts';
import { certifications, complaints, type Db, investigations } from '@licensure/db';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';

const published = ['reprimand', 'probation', 'suspension', 'revocation'] as const;

/**
 * complaints/publicDiscipline: the public disciplinary actions on the credentials of these numbers, for
 * the public verification page. An outcome acts on the credential the investigation names, else the one
 * its complaint names, else every credential of the complaint's subject (as discipline is applied).
 * Only outcomes marked public, of live investigations on live complaints; never who complained or why.
 */
export async function publicDiscipline(
  db: Db,
  enterpriseId: string,
  numbers: string[],
): Promise<PublicDisciplinaryAction[]> {
  if (numbers.length === 0) return [];
  const named = sql`coalesce(${investigations.certification_id}, ${complaints.certification_id})`;
  const actsOn = or(
    sql`${named} = ${certifications.id}`,
    and(
      sql`${named} is null`,
      or(
        eq(certifications.user_id, complaints.user_id),
        eq(certifications.service_id, complaints.service_id),
        eq(certifications.vehicle_id, complaints.vehicle_id),
      ),
    ),
  );
  const rows = await db
    .select({
      number: certifications.number,
      outcome: investigations.outcome,
      outcome_date: investigations.outcome_date,
    })
    .from(investigations)
    .innerJoin(complaints, eq(complaints.id, investigations.complaint_id))
    .innerJoin(certifications, and(eq(certifications.enterprise_id, investigations.enterprise_id), actsOn))
    .where(
      and(
        eq(investigations.enterprise_id, enterpriseId),
        isNull(investigations.deleted_at),
        isNull(complaints.deleted_at),
        isNull(certifications.deleted_at),
        eq(investigations.outcome_public, true),
        inArray(investigations.outcome, [...published]),
        inArray(
          sql`lower(${certifications.number})`,
          numbers.map((n) => n.toLowerCase()),
        ),
      ),
    )
    .orderBy(certifications.number, desc(investigations.outcome_date))
    .limit(200);
  return rows as PublicDisciplinaryAction[];
}
