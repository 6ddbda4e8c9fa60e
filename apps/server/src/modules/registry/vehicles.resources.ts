import { vehicleInput, vehicleListQuery, vehicleOutput } from '@licensure/contracts';
import { type Db, serviceVehicles, type Tx, vehicles } from '@licensure/db';
import { and, eq, isNull, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../platform/http/errors';
import { staffOrAdministers } from '../../platform/permissions/policies';
import { administersVehicleSql, currentServiceOfVehicle } from '../../platform/permissions/roster';
import { holdsAny, type ScopeRule } from '../../platform/permissions/scopes';
import { isoRow } from '../../platform/resources/present';
import { refTarget } from '../../platform/resources/references';
import type { HookContext, Resource, Row } from '../../platform/resources/types';
import { currentLink, today } from './common';
import { checkSerialNumber } from './vin';

/** Another live vehicle of the enterprise with this serial number (case-insensitive). */
export async function duplicateOf(db: Db | Tx, enterpriseId: string, serial: string, exceptId?: string) {
  const [dup] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.enterprise_id, enterpriseId),
        isNull(vehicles.deleted_at),
        sql`upper(${vehicles.serial_number}) = ${serial.trim().toUpperCase()}`,
        exceptId ? ne(vehicles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return dup?.id ?? null;
}

/** The service a vehicle belongs to today, as a column (the same rule as currentServiceOfVehicle). */
const currentService = sql<string | null>`(select ${serviceVehicles.service_id} from ${serviceVehicles}
  where ${serviceVehicles.vehicle_id} = ${vehicles.id}
  and (${serviceVehicles.start_date} is null or ${serviceVehicles.start_date} <= current_date)
  and ${currentLink} order by ${serviceVehicles.start_date} desc nulls last limit 1)`;

/** A valid VIN or serial number that no other vehicle has, stored upper-case. */
async function validateVehicle(input: Row, ctx: HookContext): Promise<Row> {
  const serial = String(input.serial_number ?? '');
  const check = checkSerialNumber(serial);
  if (!check.valid) throw badRequest({ serial_number: check.message ?? 'The serial number is not valid.' });
  if (await duplicateOf(ctx.tx, ctx.enterpriseId, serial, ctx.before?.id as string | undefined))
    throw new AppError('conflict', 'Another vehicle already has this serial number.', {
      serial_number: 'This serial number is already used by another vehicle.',
    });
  return { ...input, serial_number: serial.toUpperCase() };
}

/** Links the vehicle to the service named in the input from today, ending its other current links. */
async function linkService(row: Row, ctx: HookContext & { input: Row }) {
  const serviceId = ctx.input.service_id as string | null | undefined;
  if (serviceId === undefined) return;
  const vehicleId = row.id as string;
  if ((await currentServiceOfVehicle(ctx.tx, vehicleId)) === serviceId) return;
  await ctx.tx
    .update(serviceVehicles)
    .set({ end_date: today() })
    .where(and(eq(serviceVehicles.vehicle_id, vehicleId), currentLink));
  if (serviceId)
    await ctx.tx
      .insert(serviceVehicles)
      .values({ service_id: serviceId, vehicle_id: vehicleId, start_date: today() })
      .onConflictDoUpdate({
        target: [serviceVehicles.service_id, serviceVehicles.vehicle_id],
        set: { start_date: today(), end_date: null },
      });
}

/** Vehicles of services the caller administers today, unless they read the whole registry. */
const administeredVehicles =
  (column: SQLWrapper): ScopeRule =>
  (auth) =>
    holdsAny(auth, ['registry.read'])
      ? null
      : { name: 'administered-vehicle', where: (user) => administersVehicleSql(column, user) };

const filter = vehicleListQuery.shape;

/**
 * Vehicles, each with the service it belongs to today. Staff with registry.read list and read every
 * one; a portal user reads the vehicles of services they administer. Retiring one keeps it, out of
 * service and marked deleted, with the reason.
 */
export const vehicleResource: Resource = {
  path: 'vehicles',
  entity: 'vehicles',
  wrapper: 'vehicle',
  singular: 'vehicle',
  tags: ['registry'],
  table: vehicles,
  read: staffOrAdministers('registry.read', 'not_found'),
  listRead: 'registry.read',
  write: 'registry.write',
  input: vehicleInput.omit({ updated_at: true }),
  output: vehicleOutput,
  present: (row) => vehicleOutput.parse(isoRow(row)),
  columns: { service_id: currentService },
  filters: {
    vehicle_type_id: { column: vehicles.vehicle_type_id, schema: filter.vehicle_type_id },
    in_service: { column: vehicles.in_service, schema: filter.in_service },
    service_id: {
      column: vehicles.id,
      schema: filter.service_id,
      where: (value) => sql`exists (select 1 from ${serviceVehicles}
        where ${serviceVehicles.vehicle_id} = ${vehicles.id} and ${serviceVehicles.service_id} = ${value}
        and ${currentLink})`,
    },
  },
  search: [vehicles.serial_number, vehicles.unit_number, vehicles.license_plate],
  sort: {
    serial_number: vehicles.serial_number,
    unit_number: sql`lower(${vehicles.unit_number})`,
    make: sql`lower(${vehicles.make})`,
    model_year: vehicles.model_year,
    in_service: vehicles.in_service,
    created_at: vehicles.created_at,
    updated_at: vehicles.updated_at,
  },
  defaultSort: 'serial_number',
  filterRoutes: true,
  scope: administeredVehicles(vehicles.id),
  refs: {
    vehicle_type_id: refTarget('vehicle_types'),
    specialty_ids: refTarget('vehicle_specialties'),
    service_id: refTarget('services'),
  },
  unique: { vehicles_serial_number_key: 'serial_number' },
  softDelete: { reason: true, set: { in_service: false } },
  form: {
    title: 'Vehicles',
    listed: ['serial_number', 'unit_number', 'make', 'model_year', 'in_service'],
    labels: {
      serial_number: 'VIN or serial number',
      vehicle_type_id: 'Vehicle type',
      specialty_ids: 'Specialties',
      service_id: 'Service',
      plate_state: 'Plate state',
      in_service: 'In service',
    },
  },
  events: true,
  hooks: { validate: validateVehicle, afterChange: linkService },
};
