import { expiringQuery } from '@licensure/contracts';
import { certifications, services, serviceVehicles, vehicles } from '@licensure/db';
import { and, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/http/errors';
import { currentLink, tags, today } from './common';

type Unit = 'days' | 'months' | 'years';

/** Adds N days, months or years to a YYYY-MM-DD date; months and years clamp the day to the month's length. */
export function addPeriod(from: string, n: number, unit: Unit): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  if (unit === 'days') return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  const months = unit === 'months' ? n : n * 12;
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Reads the window from rangeLength and length: whichever is a number is the count, the other the unit. */
export function windowOf(rangeLength?: string, length?: string): { n: number; unit: Unit } {
  const values = [rangeLength, length].filter((v): v is string => !!v && v.trim() !== '');
  const numeric = values.find((v) => /^\d+$/.test(v));
  const word = values.find((v) => !/^\d+$/.test(v));
  const n = numeric === undefined ? 3 : Number(numeric);
  if (n > 1000) throw badRequest({ rangeLength: 'The window can be at most 1000 units long.' });
  let unit: Unit = 'months';
  if (word !== undefined) {
    const w = word.toLowerCase().replace(/s$/, '');
    if (w !== 'day' && w !== 'month' && w !== 'year')
      throw badRequest({ length: "length must be 'days', 'months' or 'years'" });
    unit = `${w}s` as Unit;
  }
  return { n, unit };
}

/**
 * services/getexpiring: certifications of services, and of the vehicles currently linked to them,
 * expiring between today and today + the window (rangeLength/length: e.g. 3 and 'months'; default 3
 * months). Only certifications with status 'active' count.
 * - serviceClassification: only services of that classification.
 * - activeService / inactiveService: include services that are active / inactive (defaults: active
 *   true, inactive false). Deleted services never appear.
 * - activeVehicle / inactiveVehicle: include certifications of vehicles in service / out of service
 *   (defaults: in service true, out of service false); with both false, vehicles are left out.
 *   Deleted vehicles never appear.
 * - hideEmptyExpireDate: certifications without an expiration date are listed (at the end) unless
 *   this is true.
 * Rows are sorted by expiration date (empty last), then service name; at most 5000.
 */
export async function serviceExpiring(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/services/getexpiring', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Service and vehicle certifications expiring within a window',
      querystring: expiringQuery,
    },
    handler: async (request) => {
      const q = request.query;
      const { n, unit } = windowOf(q.rangeLength, q.length);
      const from = today();
      const to = addPeriod(from, n, unit);
      const activeService = q.activeService ?? true;
      const inactiveService = q.inactiveService ?? false;
      const activeVehicle = q.activeVehicle ?? true;
      const inactiveVehicle = q.inactiveVehicle ?? false;
      if (!activeService && !inactiveService) return [];

      const inWindow = and(
        gte(certifications.expiration_date, from),
        lte(certifications.expiration_date, to),
      );
      // Credentials deleted in error are kept for their history, never listed as expiring.
      const expiry = and(
        isNull(certifications.deleted_at),
        q.hideEmptyExpireDate ? inWindow : or(inWindow, isNull(certifications.expiration_date)),
      );
      const serviceConditions: (SQL | undefined)[] = [
        eq(services.enterprise_id, request.enterpriseId),
        isNull(services.deleted_at),
        activeService && inactiveService ? undefined : eq(services.active, activeService),
        q.serviceClassification ? eq(services.classification_id, q.serviceClassification) : undefined,
      ];
      const certColumns = {
        certification_id: certifications.id,
        number: certifications.number,
        status: certifications.status,
        certification_level_id: certifications.certification_level_id,
        license_id: certifications.license_id,
        expiration_date: certifications.expiration_date,
        service_id: services.id,
        service_name: services.name,
        service_number: services.service_number,
        service_active: services.active,
        classification_id: services.classification_id,
      };
      const serviceRows = await db
        .select(certColumns)
        .from(certifications)
        .innerJoin(services, eq(services.id, certifications.service_id))
        .where(and(...serviceConditions, eq(certifications.status, 'active'), expiry))
        .limit(5000);

      const vehicleRows =
        activeVehicle || inactiveVehicle
          ? await db
              .select({
                ...certColumns,
                vehicle_id: vehicles.id,
                unit_number: vehicles.unit_number,
                serial_number: vehicles.serial_number,
                vehicle_in_service: vehicles.in_service,
              })
              .from(certifications)
              .innerJoin(vehicles, eq(vehicles.id, certifications.vehicle_id))
              .innerJoin(serviceVehicles, and(eq(serviceVehicles.vehicle_id, vehicles.id), currentLink))
              .innerJoin(services, eq(services.id, serviceVehicles.service_id))
              .where(
                and(
                  ...serviceConditions,
                  isNull(vehicles.deleted_at),
                  activeVehicle && inactiveVehicle ? undefined : eq(vehicles.in_service, activeVehicle),
                  eq(certifications.status, 'active'),
                  expiry,
                ),
              )
              .limit(5000)
          : [];

      const rows = [
        ...serviceRows.map((row) => ({
          ...row,
          vehicle_id: null,
          unit_number: null,
          serial_number: null,
          vehicle_in_service: null,
        })),
        ...vehicleRows,
      ].map((row) => ({
        ...row,
        days_until_expiration: row.expiration_date
          ? Math.round((Date.parse(row.expiration_date) - Date.parse(from)) / 86_400_000)
          : null,
      }));
      rows.sort(
        (a, b) =>
          (a.expiration_date ?? '9999').localeCompare(b.expiration_date ?? '9999') ||
          a.service_name.localeCompare(b.service_name) ||
          (a.unit_number ?? '').localeCompare(b.unit_number ?? ''),
      );
      return rows.slice(0, 5000);
    },
  });
}
