import { serviceAreaInput, servicePersonnelInput, serviceStationInput } from '@licensure/contracts';
import { positions, serviceAreas, servicePersonnel, serviceStations, services, users } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { countAll } from '../../platform/resources/list-query';
import { findService, requireCounties, requireService, serviceIdQuery, stateCodeOf, tags } from './common';
import { registerSimpleCrud } from './simple-crud';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const presentRow = (row: Record<string, unknown>) => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** Checks a service area's value for its kind; returns the normalised value. */
async function areaValue(
  tx: Parameters<typeof requireCounties>[0],
  kind: 'census_tract' | 'city' | 'county' | 'postal_code',
  value: string,
): Promise<string> {
  const v = value.trim();
  switch (kind) {
    case 'census_tract':
      if (!/^\d{11}$/.test(v))
        throw badRequest({ value: 'A census tract is an 11-digit GEOID (state, county, tract).' });
      return v;
    case 'postal_code':
      if (!/^\d{5}$/.test(v)) throw badRequest({ value: 'A postal code is a 5-digit ZIP code.' });
      return v;
    case 'county':
      if (!/^\d{5}$/.test(v)) throw badRequest({ value: 'A county is a 5-digit FIPS code.' });
      await requireCounties(tx, [v], 'value');
      return v;
    case 'city':
      if (v === '') throw badRequest({ value: 'A city needs a name.' });
      return v;
  }
}

export async function rosterAndPlaces(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // Every write lands in the data change log under 'service_stations' with the row (service_id
  // included), which GET /api/ServiceLocations reads as the service's location history.
  registerSimpleCrud(app, {
    path: 'servicestations',
    entity: 'service_stations',
    wrapper: 'service_station',
    singular: 'service station',
    table: serviceStations,
    input: serviceStationInput,
    filters: { service_id: 'service_id' },
    searchable: ['name', 'city', 'street'],
    sortable: ['name', 'city', 'active', 'created_at', 'updated_at'],
    defaultSort: 'name',
    read: 'registry.read',
    write: 'registry.write',
    present: presentRow,
    async validate(tx, request, input) {
      await requireService(tx, request.enterpriseId, input.service_id);
      if (input.county_fips) await requireCounties(tx, [input.county_fips], 'county_fips');
      return undefined;
    },
  });

  registerSimpleCrud(app, {
    path: 'serviceareas',
    entity: 'service_areas',
    wrapper: 'service_area',
    singular: 'service area',
    table: serviceAreas,
    input: serviceAreaInput,
    filters: { service_id: 'service_id', kind: 'kind', state_code: 'state_code' },
    searchable: ['value', 'label'],
    sortable: ['kind', 'value', 'state_code', 'label', 'created_at', 'updated_at'],
    defaultSort: 'value',
    read: 'registry.read',
    write: 'registry.write',
    uniqueFields: { service_areas_unique_key: 'value' },
    present: presentRow,
    async validate(tx, request, input) {
      await requireService(tx, request.enterpriseId, input.service_id);
      const value = await areaValue(tx, input.kind, input.value);
      return { ...input, value, state_code: await stateCodeOf(tx, input.state_code) };
    },
  });

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
      return rows.map((row) => ({ ...presentRow(row.area), service_name: row.service_name }));
    },
  });

  registerSimpleCrud(app, {
    path: 'servicepersonnel',
    entity: 'service_personnel',
    wrapper: 'service_personnel',
    singular: 'roster entry',
    table: servicePersonnel,
    input: servicePersonnelInput,
    filters: {},
    searchable: [],
    sortable: ['created_at'],
    defaultSort: 'created_at',
    read: 'registry.read',
    write: 'registry.write',
    list: false,
    present: presentRow,
    async validate(tx, request, input) {
      await requireService(tx, request.enterpriseId, input.service_id);
      const [person] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.user_id),
            eq(users.enterprise_id, request.enterpriseId),
            isNull(users.deleted_at),
          ),
        );
      if (!person) throw badRequest({ user_id: `There is no person ${input.user_id}.` });
      if (input.position_id) {
        const [p] = await tx
          .select({ id: positions.id })
          .from(positions)
          .where(and(eq(positions.id, input.position_id), eq(positions.enterprise_id, request.enterpriseId)));
        if (!p) throw badRequest({ position_id: `There is no position ${input.position_id}.` });
      }
      if (input.start_date && input.end_date && input.end_date < input.start_date)
        throw badRequest({ end_date: 'The end date cannot be before the start date.' });
      return undefined;
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
        ...presentRow(x.row),
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
