import { type Db, serviceStations, services, serviceVehicles, type Tx, vehicles } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../../platform/audit/record-change';
import { notFound } from '../../../platform/http/errors';
import { today } from '../../../platform/permissions/roster';
import type { DemFile } from './parse-dem';

export interface DemChange {
  kind: 'vehicle' | 'station';
  action: 'add' | 'update' | 'unchanged';
  label: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}
export interface DemProblem {
  element: string;
  record: number;
  message: string;
}
export interface DemPlan {
  changes: DemChange[];
  problems: DemProblem[];
}

type VehicleRow = typeof vehicles.$inferSelect;
type StationRow = typeof serviceStations.$inferSelect;
interface Planned {
  plan: DemPlan;
  vehicleOps: {
    row?: VehicleRow;
    values: Partial<VehicleRow> & { serial_number: string };
    attach: boolean;
  }[];
  stationOps: { row?: StationRow; values: Partial<StationRow> & { name: string } }[];
}

const diff = <T extends Record<string, unknown>>(row: T | undefined, values: Partial<T>) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(values))
    if (v !== null && v !== undefined && row?.[k] !== v) changes[k] = { from: row?.[k] ?? null, to: v };
  return changes;
};

/** What the file would change in the service's vehicles and stations, and what it cannot take. */
async function planDem(
  db: Db | Tx,
  enterpriseId: string,
  serviceId: string,
  file: DemFile,
): Promise<Planned> {
  const problems: DemProblem[] = [];
  const changes: DemChange[] = [];
  const vehicleOps: Planned['vehicleOps'] = [];
  const stationOps: Planned['stationOps'] = [];
  const seen = new Set<string>();
  for (const [i, v] of file.vehicles.entries()) {
    const serial = (v.vin ?? v.unitId).trim().toUpperCase();
    if (!serial) {
      problems.push({
        element: 'dVehicle.02',
        record: i + 1,
        message: 'The vehicle has neither a VIN nor a unit id.',
      });
      continue;
    }
    if (seen.has(serial)) {
      problems.push({
        element: 'dVehicle.02',
        record: i + 1,
        message: `The vehicle ${serial} is listed twice.`,
      });
      continue;
    }
    seen.add(serial);
    const [row] = await db
      .select()
      .from(vehicles)
      .where(
        and(
          eq(vehicles.enterprise_id, enterpriseId),
          isNull(vehicles.deleted_at),
          sql`upper(${vehicles.serial_number}) = ${serial}`,
        ),
      );
    const links = row
      ? await db
          .select({ service_id: serviceVehicles.service_id })
          .from(serviceVehicles)
          .where(and(eq(serviceVehicles.vehicle_id, row.id), isNull(serviceVehicles.end_date)))
      : [];
    if (links.some((l) => l.service_id !== serviceId)) {
      problems.push({
        element: 'dVehicle.02',
        record: i + 1,
        message: `The vehicle ${serial} belongs to another service.`,
      });
      continue;
    }
    const values = { serial_number: serial, unit_number: v.unitNumber ?? v.unitId, model_year: v.modelYear };
    const change = diff(row, values);
    const attach = !links.some((l) => l.service_id === serviceId);
    changes.push({
      kind: 'vehicle',
      action: !row ? 'add' : Object.keys(change).length || attach ? 'update' : 'unchanged',
      label: `${values.unit_number ?? ''} (${serial})`.trim(),
      changes: change,
    });
    vehicleOps.push({ row, values, attach });
  }
  const stations = await db.select().from(serviceStations).where(eq(serviceStations.service_id, serviceId));
  const names = new Set<string>();
  for (const [i, s] of file.stations.entries()) {
    const name = s.name.trim();
    if (!name) {
      problems.push({ element: 'dLocation.02', record: i + 1, message: 'The station has no name.' });
      continue;
    }
    if (names.has(name.toLowerCase())) {
      problems.push({
        element: 'dLocation.02',
        record: i + 1,
        message: `The station "${name}" is listed twice.`,
      });
      continue;
    }
    names.add(name.toLowerCase());
    const row = stations.find((st) => st.name.trim().toLowerCase() === name.toLowerCase());
    const values = { name, street: s.street, postal_code: s.postalCode };
    const change = diff(row, values);
    changes.push({
      kind: 'station',
      action: !row ? 'add' : Object.keys(change).length ? 'update' : 'unchanged',
      label: name,
      changes: change,
    });
    stationOps.push({ row, values });
  }
  return { plan: { changes, problems }, vehicleOps, stationOps };
}

export const previewDem = async (db: Db, enterpriseId: string, serviceId: string, file: DemFile) =>
  (await planDem(db, enterpriseId, serviceId, file)).plan;

/**
 * Applies the file in one transaction (the service locked, the plan made again inside it): nothing is
 * written when any record has a problem. Each write is in the change log.
 */
export async function commitDem(db: Db, actor: Actor, serviceId: string, file: DemFile): Promise<DemPlan> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, serviceId),
          eq(services.enterprise_id, actor.enterpriseId),
          isNull(services.deleted_at),
        ),
      )
      .for('update');
    if (!service) throw notFound('service');
    const { plan, vehicleOps, stationOps } = await planDem(tx, actor.enterpriseId, serviceId, file);
    if (plan.problems.length) return plan;
    for (const op of vehicleOps) {
      let id = op.row?.id;
      if (!op.row) {
        const [created] = await tx
          .insert(vehicles)
          .values({ ...op.values, enterprise_id: actor.enterpriseId })
          .returning();
        id = created?.id;
        await recordChange(tx, actor, {
          entity: 'vehicles',
          objectId: id ?? '',
          action: 'create',
          after: op.values,
        });
      } else if (Object.keys(diff(op.row, op.values)).length) {
        await tx
          .update(vehicles)
          .set({ ...op.values, updated_at: new Date() })
          .where(eq(vehicles.id, op.row.id));
        await recordChange(tx, actor, {
          entity: 'vehicles',
          objectId: op.row.id,
          action: 'update',
          before: { unit_number: op.row.unit_number, model_year: op.row.model_year },
          after: op.values,
        });
      }
      if (op.attach && id) {
        const link = { service_id: serviceId, vehicle_id: id, start_date: today() };
        await tx
          .insert(serviceVehicles)
          .values(link)
          .onConflictDoUpdate({
            target: [serviceVehicles.service_id, serviceVehicles.vehicle_id],
            set: { end_date: null, start_date: today() },
          });
        await recordChange(tx, actor, {
          entity: 'service_vehicles',
          objectId: id,
          action: 'create',
          after: link,
        });
      }
    }
    for (const op of stationOps) {
      if (!op.row) {
        const [created] = await tx
          .insert(serviceStations)
          .values({ ...op.values, enterprise_id: actor.enterpriseId, service_id: serviceId })
          .returning();
        await recordChange(tx, actor, {
          entity: 'service_stations',
          objectId: created?.id ?? '',
          action: 'create',
          after: op.values,
        });
      } else if (Object.keys(diff(op.row, op.values)).length) {
        await tx
          .update(serviceStations)
          .set({ ...op.values, updated_at: new Date() })
          .where(eq(serviceStations.id, op.row.id));
        await recordChange(tx, actor, {
          entity: 'service_stations',
          objectId: op.row.id,
          action: 'update',
          before: { street: op.row.street, postal_code: op.row.postal_code },
          after: op.values,
        });
      }
    }
    return plan;
  });
}
