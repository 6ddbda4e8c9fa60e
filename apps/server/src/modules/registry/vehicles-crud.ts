import { vehicleInput, vehicleListQuery } from '@licensure/contracts';
import { type Db, serviceVehicles, type Tx, vehicles } from '@licensure/db';
import { and, asc, desc, eq, exists, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, fromDatabaseError, notFound } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { assertCanReadVehicle } from './access';
import { currentLink, idParams, pageOf, requireService, tags, today } from './common';

export { currentLink };

import { presentVehicle } from './present';
import { checkSerialNumber } from './vin';

const body = z.object({ vehicle: vehicleInput });
type VehicleInput = z.infer<typeof vehicleInput>;

const sortable = {
  serial_number: vehicles.serial_number,
  unit_number: sql`lower(${vehicles.unit_number})`,
  make: sql`lower(${vehicles.make})`,
  model_year: vehicles.model_year,
  in_service: vehicles.in_service,
  created_at: vehicles.created_at,
  updated_at: vehicles.updated_at,
} as const;

/** The service a vehicle currently belongs to (latest current link). */
export async function currentServiceOf(db: Db | Tx, vehicleId: string): Promise<string | null> {
  const [link] = await db
    .select({ service_id: serviceVehicles.service_id })
    .from(serviceVehicles)
    .where(and(eq(serviceVehicles.vehicle_id, vehicleId), currentLink))
    .orderBy(sql`${serviceVehicles.start_date} desc nulls last`)
    .limit(1);
  return link?.service_id ?? null;
}

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

async function checkInput(tx: Tx, enterpriseId: string, input: VehicleInput, selfId?: string) {
  const check = checkSerialNumber(input.serial_number);
  if (!check.valid) throw badRequest({ serial_number: check.message ?? 'The serial number is not valid.' });
  if (await duplicateOf(tx, enterpriseId, input.serial_number, selfId))
    throw new AppError('conflict', 'Another vehicle already has this serial number.', {
      serial_number: 'This serial number is already used by another vehicle.',
    });
  if (input.service_id) await requireService(tx, enterpriseId, input.service_id);
}

/** Links a vehicle to a service from today, ending its other current links (one current service). */
async function linkService(tx: Tx, vehicleId: string, serviceId: string | null | undefined) {
  if (serviceId === undefined) return;
  const current = await currentServiceOf(tx, vehicleId);
  if (current === serviceId) return;
  await tx
    .update(serviceVehicles)
    .set({ end_date: today() })
    .where(and(eq(serviceVehicles.vehicle_id, vehicleId), currentLink));
  if (serviceId)
    await tx
      .insert(serviceVehicles)
      .values({ service_id: serviceId, vehicle_id: vehicleId, start_date: today() })
      .onConflictDoUpdate({
        target: [serviceVehicles.service_id, serviceVehicles.vehicle_id],
        set: { start_date: today(), end_date: null },
      });
}

const columnsOf = ({ service_id: _s, updated_at: _u, ...columns }: VehicleInput) => ({
  ...columns,
  serial_number: columns.serial_number.toUpperCase(),
});
const mapError = (err: unknown) =>
  fromDatabaseError(err, (c) => (c === 'vehicles_serial_number_key' ? 'serial_number' : undefined));

export async function vehiclesCrud(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const live = (id: string, enterpriseId: string) =>
    and(eq(vehicles.id, id), eq(vehicles.enterprise_id, enterpriseId), isNull(vehicles.deleted_at));

  r.get('/api/vehicles', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'List vehicles (filters, paging, sort, search)', querystring: vehicleListQuery },
    handler: async (request) => {
      const q = request.query;
      const sortKey = Object.keys(sortable).find(
        (k) => k.toLowerCase() === (q.sortBy ?? 'serial_number').toLowerCase(),
      );
      if (!sortKey)
        throw badRequest({ sortBy: `sortBy must be one of: ${Object.keys(sortable).join(', ')}` });
      const conditions: (SQL | undefined)[] = [
        eq(vehicles.enterprise_id, request.enterpriseId),
        isNull(vehicles.deleted_at),
      ];
      if (q.vehicle_type_id) conditions.push(eq(vehicles.vehicle_type_id, q.vehicle_type_id));
      if (q.in_service !== undefined) conditions.push(eq(vehicles.in_service, q.in_service));
      if (q.service_id)
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(serviceVehicles)
              .where(
                and(
                  eq(serviceVehicles.vehicle_id, vehicles.id),
                  eq(serviceVehicles.service_id, q.service_id),
                  currentLink,
                ),
              ),
          ),
        );
      const search = q.search?.trim();
      if (search) {
        const like = likeContains(search);
        conditions.push(
          or(
            ilike(vehicles.serial_number, like),
            ilike(vehicles.unit_number, like),
            ilike(vehicles.license_plate, like),
          ),
        );
      }
      const where = and(...conditions);
      const dir = q.reverse ? desc : asc;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(vehicles)
          .where(where)
          .orderBy(dir(sortable[sortKey as keyof typeof sortable]), asc(vehicles.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ total: countAll }).from(vehicles).where(where),
      ]);
      return pageOf(
        rows.map((v) => presentVehicle(v)),
        count?.total ?? 0,
        q,
      );
    },
  });

  r.get('/api/vehicles/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'One vehicle with its current service', params: idParams },
    handler: async (request) => {
      await assertCanReadVehicle(db, request, request.params.id);
      const [v] = await db.select().from(vehicles).where(live(request.params.id, request.enterpriseId));
      if (!v) throw notFound('vehicle');
      return presentVehicle(v, await currentServiceOf(db, v.id));
    },
  });

  r.post('/api/vehicles', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Create a vehicle (VIN check digit and duplicate checked)', body },
    handler: async (request, reply) => {
      const input = request.body.vehicle;
      try {
        const row = await db.transaction(async (tx) => {
          await checkInput(tx, request.enterpriseId, input);
          const [created] = await tx
            .insert(vehicles)
            .values({ ...columnsOf(input), enterprise_id: request.enterpriseId })
            .returning();
          if (!created) throw new Error('vehicle not created');
          await linkService(tx, created.id, input.service_id);
          const after = presentVehicle(created, await currentServiceOf(tx, created.id));
          await recordChange(tx, actorOf(request), {
            entity: 'vehicles',
            objectId: created.id,
            action: 'create',
            after,
          });
          return after;
        });
        return reply.status(201).send(row);
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.put('/api/vehicles/:id', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Change a vehicle', params: idParams, body },
    handler: async (request) => {
      const input = request.body.vehicle;
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(vehicles)
            .where(live(request.params.id, request.enterpriseId))
            .for('update');
          if (!before) throw notFound('vehicle');
          if (input.updated_at && new Date(input.updated_at).getTime() !== before.updated_at.getTime())
            throw new AppError(
              'conflict',
              'This vehicle was changed by someone else. Reload it and try again.',
            );
          await checkInput(tx, request.enterpriseId, input, before.id);
          const beforeView = presentVehicle(before, await currentServiceOf(tx, before.id));
          const [updated] = await tx
            .update(vehicles)
            .set({ ...columnsOf(input), updated_at: new Date() })
            .where(eq(vehicles.id, before.id))
            .returning();
          if (!updated) throw notFound('vehicle');
          await linkService(tx, before.id, input.service_id);
          const after = presentVehicle(updated, await currentServiceOf(tx, before.id));
          await recordChange(tx, actorOf(request), {
            entity: 'vehicles',
            objectId: before.id,
            action: 'update',
            before: beforeView,
            after,
          });
          return after;
        });
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.delete('/api/vehicles/:id', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Retire a vehicle (kept, out of service and deleted)', params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(vehicles)
          .where(live(request.params.id, request.enterpriseId))
          .for('update');
        if (!before) throw notFound('vehicle');
        const [after] = await tx
          .update(vehicles)
          .set({ in_service: false, deleted_at: new Date(), updated_at: new Date() })
          .where(eq(vehicles.id, before.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'vehicles',
          objectId: before.id,
          action: 'delete',
          before: presentVehicle(before),
          after: after && presentVehicle(after),
        });
      });
      return reply.status(204).send();
    },
  });
}
