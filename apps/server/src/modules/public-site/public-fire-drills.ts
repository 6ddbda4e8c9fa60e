import { Events, fireDrillMessages, type PublicFireDrillBody } from '@licensure/contracts';
import { type Db, fireDrills, school_systems, schools } from '@licensure/db';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { badRequest, notFound } from '../../platform/http/errors';
import { checkDrillDate, checkSchool } from './drill-values';
import { drillYear } from './fire-drills.resources';
import { humanCheckOf } from './human-check';

/** GET public/firedrill/schoolsystems: the active school systems, in list order. */
export function publicSchoolSystems(db: Db, enterpriseId: string) {
  return db
    .select({ id: school_systems.id, label: school_systems.label, county: school_systems.county })
    .from(school_systems)
    .where(and(eq(school_systems.enterprise_id, enterpriseId), eq(school_systems.active, true)))
    .orderBy(asc(school_systems.sort_order), asc(sql`lower(${school_systems.label})`));
}

/** GET public/firedrill/schools: the active schools of an active school system; 404 for any other. */
export async function publicSchools(db: Db, enterpriseId: string, systemId: string) {
  const [system] = await db
    .select({ id: school_systems.id })
    .from(school_systems)
    .where(
      and(
        eq(school_systems.id, systemId),
        eq(school_systems.enterprise_id, enterpriseId),
        eq(school_systems.active, true),
      ),
    );
  if (!system) throw notFound('school system');
  return db
    .select({
      id: schools.id,
      label: schools.label,
      school_system_id: schools.school_system_id,
      city: schools.city,
    })
    .from(schools)
    .where(
      and(
        eq(schools.enterprise_id, enterpriseId),
        eq(schools.school_system_id, systemId),
        eq(schools.active, true),
      ),
    )
    .orderBy(asc(schools.sort_order), asc(sql`lower(${schools.label})`));
}

const liveDrills = (enterpriseId: string): SQL =>
  and(eq(fireDrills.enterprise_id, enterpriseId), isNull(fireDrills.deleted_at)) as SQL;

/** GET public/firedrill/drills: a school's reported drills (of a year), newest first, never who reported. */
export async function publicDrills(db: Db, enterpriseId: string, schoolId: string, year?: number) {
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.enterprise_id, enterpriseId)));
  if (!school) throw notFound('school');
  return db
    .select({
      id: fireDrills.id,
      school_id: fireDrills.school_id,
      drill_date: fireDrills.drill_date,
      drill_time: fireDrills.drill_time,
      drill_type: fireDrills.drill_type,
      announced: fireDrills.announced,
      evacuation_seconds: fireDrills.evacuation_seconds,
      occupants: fireDrills.occupants,
    })
    .from(fireDrills)
    .where(
      and(
        liveDrills(enterpriseId),
        eq(fireDrills.school_id, schoolId),
        year !== undefined ? sql`${drillYear} = ${year}` : undefined,
      ),
    )
    .orderBy(desc(fireDrills.drill_date), desc(fireDrills.drill_time), asc(fireDrills.id));
}

/** GET public/firedrill/years: the years drills were reported in, and the current one, newest first. */
export async function publicDrillYears(db: Db, enterpriseId: string, now = new Date()) {
  const rows = await db.selectDistinct({ year: drillYear }).from(fireDrills).where(liveDrills(enterpriseId));
  const years = new Set(rows.map((r) => Number(r.year)));
  years.add(now.getUTCFullYear());
  return [...years].sort((a, b) => b - a);
}

/**
 * POST public/firedrill/drills: a school reports a drill without signing in. The human check passes
 * first (reCAPTCHA or the local stand-in, action "firedrill"); the school must be an active one and the
 * date a reportable one; the report, its change-log row and its event are written in one transaction.
 */
export async function reportDrill(app: FastifyInstance, request: FastifyRequest, body: PublicFireDrillBody) {
  const { db } = app.deps.database;
  const d = body.drill;
  checkDrillDate(d.drill_date);
  const check = await humanCheckOf(app, request);
  if (!(await check.verify(body.recaptchaToken ?? '', 'firedrill')))
    throw badRequest({ recaptchaToken: fireDrillMessages.humanCheckFailed });
  return db.transaction(async (tx) => {
    await checkSchool(tx, request.enterpriseId, d.school_id);
    const [row] = await tx
      .insert(fireDrills)
      .values({
        enterprise_id: request.enterpriseId,
        school_id: d.school_id,
        drill_date: d.drill_date,
        drill_time: d.drill_time ?? null,
        drill_type: d.drill_type,
        announced: d.announced,
        evacuation_seconds: d.evacuation_seconds ?? null,
        occupants: d.occupants ?? null,
        notes: d.notes ?? null,
        reporter_name: d.reporter_name,
        reporter_title: d.reporter_title ?? null,
        reporter_email: d.reporter_email,
        reporter_phone: d.reporter_phone ?? null,
        source: 'public',
        created_by: request.auth?.userId ?? null,
      })
      .returning();
    if (!row) throw new Error('fire drill insert returned nothing');
    await recordChange(tx, actorOf(request), {
      entity: 'fire_drills',
      objectId: row.id,
      action: 'create',
      after: row,
    });
    await recordEvent(tx, {
      enterpriseId: request.enterpriseId,
      name: Events.fireDrillReported,
      entity: 'fire_drills',
      objectId: row.id,
      actorId: request.auth?.userId ?? null,
      payload: { school_id: row.school_id, drill_date: row.drill_date },
    });
    return { id: row.id, message: `Thank you: the drill of ${row.drill_date} is recorded.` };
  });
}
