import { positions, serviceAreas, servicePersonnel, services, users } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countAll } from '../../platform/resources/list-query';
import { isoRow } from '../../platform/resources/present';
import { registerResource } from '../../platform/resources/register';
import { findService, serviceIdQuery, tags } from './common';
import { serviceAreaResource, servicePersonnelResource, serviceStationResource } from './registry.resources';

export async function rosterAndPlaces(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, serviceStationResource);
  registerResource(app, serviceAreaResource);
  registerResource(app, servicePersonnelResource);

  r.get('/api/serviceareas/getbystatecode', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Service areas in a state (two-letter code), with the service name',
      querystring: z.object({
        state_code: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'state_code must be a two-letter state abbreviation'),
      }),
    },
    handler: async (request) => {
      const rows = await db
        .select({ area: serviceAreas, service_name: services.name })
        .from(serviceAreas)
        .innerJoin(services, and(eq(services.id, serviceAreas.service_id), isNull(services.deleted_at)))
        .where(
          and(
            eq(serviceAreas.enterprise_id, request.enterpriseId),
            eq(serviceAreas.state_code, request.query.state_code.toUpperCase()),
          ),
        )
        .orderBy(asc(serviceAreas.kind), asc(serviceAreas.value));
      return rows.map((row) => ({ ...isoRow(row.area), service_name: row.service_name }));
    },
  });

  r.get('/api/servicepersonnel', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'The roster of a service, with names and positions',
      querystring: serviceIdQuery,
    },
    handler: async (request) => {
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const rows = await db
        .select({
          row: servicePersonnel,
          first_name: users.first_name,
          last_name: users.last_name,
          position: positions.label,
        })
        .from(servicePersonnel)
        .innerJoin(users, eq(users.id, servicePersonnel.user_id))
        .leftJoin(positions, eq(positions.id, servicePersonnel.position_id))
        .where(eq(servicePersonnel.service_id, s.id))
        .orderBy(
          asc(sql`lower(${users.last_name})`),
          asc(sql`lower(${users.first_name})`),
          asc(servicePersonnel.id),
        );
      return rows.map((x) => ({
        ...isoRow(x.row),
        first_name: x.first_name,
        last_name: x.last_name,
        position: (x.position as string | null) ?? null,
      }));
    },
  });

  r.get('/api/positions/servicePositions', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: "Positions on a service's roster with the number of people in each",
      querystring: serviceIdQuery,
    },
    handler: async (request) => {
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const rows = await db
        .select({
          position_id: servicePersonnel.position_id,
          label: positions.label,
          is_service_designation: positions.is_service_designation,
          count: countAll,
        })
        .from(servicePersonnel)
        .leftJoin(positions, eq(positions.id, servicePersonnel.position_id))
        .where(eq(servicePersonnel.service_id, s.id))
        .groupBy(servicePersonnel.position_id, positions.label, positions.is_service_designation)
        .orderBy(asc(positions.label));
      return rows.map((x) => ({
        position_id: x.position_id,
        label: (x.label as string | null) ?? null,
        is_service_designation: (x.is_service_designation as boolean | null) ?? null,
        count: x.count,
      }));
    },
  });
}
