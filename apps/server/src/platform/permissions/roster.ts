import { type Db, servicePersonnel, serviceVehicles, type Tx } from '@licensure/db';
import { and, eq, gt, gte, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Today as YYYY-MM-DD (UTC), the day roster entries and vehicle links are compared with. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * THE active roster entry, the one definition every rule uses: started (no start date, or today or
 * earlier) and not ended (no end date, or today or later: the end day is included). A roster entry
 * starting next month grants nothing today.
 */
export const activeRosterSql = (entry: { start_date: SQLWrapper; end_date: SQLWrapper } = servicePersonnel) =>
  sql`(${entry.start_date} is null or ${entry.start_date} <= current_date)
    and (${entry.end_date} is null or ${entry.end_date} >= current_date)`;

/**
 * Entries not ended yet (current and future ones): what the roster import updates and the roster export
 * lists. Not an access rule: access needs an active entry (activeRosterSql).
 */
export const notEndedEntry = () =>
  or(isNull(servicePersonnel.end_date), gte(servicePersonnel.end_date, today()));

/**
 * A vehicle's link to a service is current while its end_date is empty or after today: moving a vehicle
 * ends the old link today and starts the new one today (end_date is exclusive, unlike a roster's).
 */
export const currentLink = or(
  isNull(serviceVehicles.end_date),
  gt(serviceVehicles.end_date, sql`current_date`),
);

/** A user value in a condition: a literal id, or a placeholder of a prepared statement. */
export type UserParam = string | SQLWrapper;

/**
 * "Administers this service" as SQL: the user has a roster entry on the service, flagged administrator,
 * started and not ended. `service` is the column or expression holding the service id.
 */
export function administersSql(service: SQLWrapper, user: UserParam): SQL {
  return sql`exists (select 1 from ${servicePersonnel} where ${servicePersonnel.service_id} = ${service}
    and ${servicePersonnel.user_id} = ${user} and ${servicePersonnel.is_administrator}
    and ${activeRosterSql()})`;
}

/** "Has an active roster entry on this service" (any position) as SQL. */
export function onRosterSql(service: SQLWrapper, user: UserParam): SQL {
  return sql`exists (select 1 from ${servicePersonnel} where ${servicePersonnel.service_id} = ${service}
    and ${servicePersonnel.user_id} = ${user} and ${activeRosterSql()})`;
}

/** Whether the person has an active roster entry on the service today. */
export async function onRoster(db: Db | Tx, enterpriseId: string, userId: string, serviceId: string) {
  const [row] = await db
    .select({ id: servicePersonnel.id })
    .from(servicePersonnel)
    .where(
      and(
        eq(servicePersonnel.enterprise_id, enterpriseId),
        eq(servicePersonnel.service_id, serviceId),
        eq(servicePersonnel.user_id, userId),
        activeRosterSql(),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** "Administers the service this vehicle belongs to today" as SQL. */
export function administersVehicleSql(vehicle: SQLWrapper, user: UserParam): SQL {
  return sql`exists (select 1 from ${serviceVehicles} where ${serviceVehicles.vehicle_id} = ${vehicle}
    and (${serviceVehicles.start_date} is null or ${serviceVehicles.start_date} <= current_date)
    and (${serviceVehicles.end_date} is null or ${serviceVehicles.end_date} > current_date)
    and ${administersSql(serviceVehicles.service_id, user)})`;
}

/** Services the person administers today (an active roster entry with the administrator flag). */
export async function administeredServiceIds(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: servicePersonnel.service_id })
    .from(servicePersonnel)
    .where(
      and(
        eq(servicePersonnel.enterprise_id, enterpriseId),
        eq(servicePersonnel.user_id, userId),
        eq(servicePersonnel.is_administrator, true),
        activeRosterSql(),
      ),
    );
  return [...new Set(rows.map((r) => r.id))];
}

/** Whether the person administers the service today. */
export async function administers(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
  serviceId: string,
): Promise<boolean> {
  return (await administeredServiceIds(db, enterpriseId, userId)).includes(serviceId);
}

/** The service a vehicle belongs to today, if any. */
export async function currentServiceOfVehicle(db: Db | Tx, vehicleId: string): Promise<string | null> {
  const d = today();
  const [link] = await db
    .select({ service_id: serviceVehicles.service_id })
    .from(serviceVehicles)
    .where(
      and(
        eq(serviceVehicles.vehicle_id, vehicleId),
        or(isNull(serviceVehicles.start_date), lte(serviceVehicles.start_date, d)),
        currentLink,
      ),
    )
    .orderBy(sql`${serviceVehicles.start_date} desc nulls last`)
    .limit(1);
  return link?.service_id ?? null;
}
