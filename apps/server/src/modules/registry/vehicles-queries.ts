import { vehicleMileageInput, vehicleSearchInput } from '@licensure/contracts';
import { certifications, vehicle_types, vehicleMileage, vehicles } from '@licensure/db';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { escapeLike, likeContains } from '../../platform/resources/list-query';
import { idParams, tags, today } from './common';
import { presentCertification, presentVehicle } from './present';
import { duplicateOf } from './vehicles.resources';
import { checkSerialNumber } from './vin';

const vehicleIdQuery = z.object({ vehicle_id: z.uuid({ message: 'vehicle_id must be a valid id' }) });

const presentMileage = (m: typeof vehicleMileage.$inferSelect) => ({
  id: m.id,
  vehicle_id: m.vehicle_id,
  mileage: m.mileage,
  recorded_on: m.recorded_on,
  created_at: m.created_at.toISOString(),
});

export async function vehiclesQueries(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/vehicles/serialNumberCheck', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary:
        'Checks a serial number: VIN check digit for 17 characters, and duplicates (vehicle_id: the vehicle being edited)',
      querystring: z.object({
        serial_number: z.string().trim().min(1, 'serial_number is required').max(30),
        vehicle_id: z.uuid({ message: 'vehicle_id must be a valid id' }).optional(),
      }),
    },
    handler: async (request) => {
      const check = checkSerialNumber(request.query.serial_number);
      const dup = await duplicateOf(
        db,
        request.enterpriseId,
        request.query.serial_number,
        request.query.vehicle_id,
      );
      return {
        valid: check.valid && dup === null,
        checkDigitOk: check.checkDigitOk,
        duplicateOf: dup,
        message: check.message ?? (dup ? 'Another vehicle already has this serial number.' : null),
      };
    },
  });

  r.get('/api/vehicles/certificationByNumber', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'The vehicle certification (permit) with this number, and its vehicle',
      querystring: z.object({ number: z.string().trim().min(1, 'number is required').max(100) }),
    },
    handler: async (request) => {
      const [row] = await db
        .select({ certification: certifications, vehicle: vehicles })
        .from(certifications)
        .innerJoin(vehicles, eq(vehicles.id, certifications.vehicle_id))
        .where(
          and(
            eq(certifications.enterprise_id, request.enterpriseId),
            sql`upper(${certifications.number}) = ${request.query.number.toUpperCase()}`,
            isNull(certifications.deleted_at),
            isNull(vehicles.deleted_at),
          ),
        )
        .limit(1);
      if (!row) throw notFound('certification');
      return { ...presentCertification(row.certification), vehicle: presentVehicle(row.vehicle) };
    },
  });

  r.post('/api/vehicles/search', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary:
        'Vehicles whose serial or unit number starts with, or plate contains, the text (in service only unless notInService); [] without text',
      body: vehicleSearchInput,
    },
    handler: async (request) => {
      const text = request.body.search?.trim();
      if (!text) return [];
      const prefix = `${escapeLike(text)}%`;
      const rows = await db
        .select()
        .from(vehicles)
        .where(
          and(
            eq(vehicles.enterprise_id, request.enterpriseId),
            isNull(vehicles.deleted_at),
            request.body.notInService ? undefined : eq(vehicles.in_service, true),
            or(
              // Written to match the indexes on upper(serial_number), lower(unit_number), lower(license_plate).
              sql`upper(${vehicles.serial_number}) like ${prefix.toUpperCase()}`,
              sql`lower(${vehicles.unit_number}) like ${prefix.toLowerCase()}`,
              sql`lower(${vehicles.license_plate}) like ${likeContains(text).toLowerCase()}`,
            ),
          ),
        )
        .orderBy(asc(vehicles.serial_number))
        .limit(100);
      return rows.map((v) => presentVehicle(v));
    },
  });

  // There is no data yet that restricts what a vehicle type may carry (no table links vehicle types to
  // licences or certification levels), so this answers the vehicle type with an empty restriction
  // list: nothing is restricted. When licensing adds such links, fill `restrictions` from them.
  r.get('/api/vehicles/typeRestriction', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Restrictions of a vehicle type (licences/levels it is limited to); empty: none',
      querystring: z.object({ vehicle_type_id: z.uuid({ message: 'vehicle_type_id must be a valid id' }) }),
    },
    handler: async (request) => {
      const [type] = await db
        .select({ id: vehicle_types.id, label: vehicle_types.label, active: vehicle_types.active })
        .from(vehicle_types)
        .where(
          and(
            eq(vehicle_types.id, request.query.vehicle_type_id),
            eq(vehicle_types.enterprise_id, request.enterpriseId),
          ),
        );
      if (!type) throw notFound('vehicle type');
      return { vehicle_type: type, restricted: false, restrictions: [] as string[] };
    },
  });

  r.get('/api/vehicles/recentVehicleMileageByVehicleId', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'The latest mileage reading of a vehicle (null when none)',
      querystring: vehicleIdQuery,
    },
    handler: async (request) => {
      const [m] = await db
        .select()
        .from(vehicleMileage)
        .where(
          and(
            eq(vehicleMileage.vehicle_id, request.query.vehicle_id),
            eq(vehicleMileage.enterprise_id, request.enterpriseId),
          ),
        )
        .orderBy(desc(vehicleMileage.recorded_on), desc(vehicleMileage.created_at))
        .limit(1);
      return m ? presentMileage(m) : null;
    },
  });

  r.post('/api/vehicles/:id/mileage', {
    config: { access: 'registry.write' },
    schema: {
      tags,
      summary: 'Record a mileage reading (never lower than an earlier reading, nor higher than a later one)',
      params: idParams,
      body: z.object({ vehicle_mileage: vehicleMileageInput }),
    },
    handler: async (request, reply) => {
      const { mileage, recorded_on = today() } = request.body.vehicle_mileage;
      const row = await db.transaction(async (tx) => {
        const [v] = await tx
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(
            and(
              eq(vehicles.id, request.params.id),
              eq(vehicles.enterprise_id, request.enterpriseId),
              isNull(vehicles.deleted_at),
            ),
          )
          .for('update');
        if (!v) throw notFound('vehicle');
        const [earlier] = await tx
          .select({ mileage: vehicleMileage.mileage, recorded_on: vehicleMileage.recorded_on })
          .from(vehicleMileage)
          .where(and(eq(vehicleMileage.vehicle_id, v.id), lte(vehicleMileage.recorded_on, recorded_on)))
          .orderBy(desc(vehicleMileage.mileage))
          .limit(1);
        if (earlier && mileage < earlier.mileage)
          throw badRequest({
            mileage: `Mileage cannot go down: ${earlier.mileage} was recorded on ${earlier.recorded_on}.`,
          });
        const [later] = await tx
          .select({ mileage: vehicleMileage.mileage, recorded_on: vehicleMileage.recorded_on })
          .from(vehicleMileage)
          .where(and(eq(vehicleMileage.vehicle_id, v.id), gt(vehicleMileage.recorded_on, recorded_on)))
          .orderBy(asc(vehicleMileage.mileage))
          .limit(1);
        if (later && mileage > later.mileage)
          throw badRequest({
            mileage: `Mileage cannot be higher than the ${later.mileage} recorded later, on ${later.recorded_on}.`,
          });
        const [created] = await tx
          .insert(vehicleMileage)
          .values({ enterprise_id: request.enterpriseId, vehicle_id: v.id, mileage, recorded_on })
          .returning();
        if (!created) throw new Error('mileage not recorded');
        await recordChange(tx, actorOf(request), {
          entity: 'vehicle_mileage',
          objectId: created.id,
          action: 'create',
          after: created,
        });
        return presentMileage(created);
      });
      return reply.status(201).send(row);
    },
  });
}
