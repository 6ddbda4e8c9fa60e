import { fireDrillMessages } from '@licensure/contracts';
import { type Db, schools, type Tx } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';

/** `YYYY-MM-DD` of a moment in UTC. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dates a drill may have: not after today (a day of slack, so a school west of UTC reporting in its
 * evening is not refused), not before the previous calendar year began (reports are yearly).
 */
export function checkDrillDate(drillDate: string, now = new Date()): void {
  const latest = isoDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  if (drillDate > latest) throw badRequest({ drill_date: fireDrillMessages.future });
  if (drillDate < `${now.getUTCFullYear() - 1}-01-01`)
    throw badRequest({ drill_date: fireDrillMessages.tooOld });
}

/** An active school of the enterprise, or a 400 naming school_id. */
export async function checkSchool(db: Db | Tx, enterpriseId: string, schoolId: string): Promise<void> {
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.enterprise_id, enterpriseId), eq(schools.active, true)));
  if (!school) throw badRequest({ school_id: fireDrillMessages.schoolNotFound });
}
