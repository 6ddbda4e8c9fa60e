import {
  serviceAreaInput,
  serviceAreaOutput,
  servicePersonnelInput,
  servicePersonnelOutput,
  serviceStationInput,
  serviceStationOutput,
} from '@licensure/contracts';
import { serviceAreas, servicePersonnel, serviceStations } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { isoRow } from '../../platform/resources/present';
import { refTarget } from '../../platform/resources/references';
import type { HookContext, RefTarget, Resource, Row } from '../../platform/resources/types';
import { requireCounties, stateCodeOf, tags } from './common';

const service: RefTarget = refTarget('services');
const serviceFilter = {
  column: serviceStations.service_id,
  schema: z.uuid({ message: 'service_id must be a valid id' }),
};

/**
 * A service's stations. Every write lands in the data change log under 'service_stations' with the row
 * (service_id included), which GET /api/ServiceLocations reads as the service's location history.
 */
export const serviceStationResource: Resource = {
  path: 'servicestations',
  entity: 'service_stations',
  wrapper: 'service_station',
  singular: 'service station',
  tags,
  table: serviceStations,
  read: 'registry.read',
  write: 'registry.write',
  input: serviceStationInput,
  output: serviceStationOutput,
  present: isoRow,
  filters: { service_id: serviceFilter },
  search: [serviceStations.name, serviceStations.city, serviceStations.street],
  sort: {
    name: sql`lower(${serviceStations.name})`,
    city: sql`lower(${serviceStations.city})`,
    active: serviceStations.active,
    created_at: serviceStations.created_at,
    updated_at: serviceStations.updated_at,
  },
  defaultSort: 'name',
  refs: { service_id: service },
  hooks: {
    async validate(input, ctx) {
      if (typeof input.county_fips === 'string')
        await requireCounties(ctx.tx, [input.county_fips], 'county_fips');
      return undefined;
    },
  },
};

/** Checks a service area's value for its kind; returns the normalised value. */
async function areaValue(ctx: HookContext, kind: string, value: string): Promise<string> {
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
      await requireCounties(ctx.tx, [v], 'value');
      return v;
    default:
      if (v === '') throw badRequest({ value: 'A city needs a name.' });
      return v;
  }
}

export const serviceAreaResource: Resource = {
  path: 'serviceareas',
  entity: 'service_areas',
  wrapper: 'service_area',
  singular: 'service area',
  tags,
  table: serviceAreas,
  read: 'registry.read',
  write: 'registry.write',
  input: serviceAreaInput,
  output: serviceAreaOutput,
  present: isoRow,
  filters: {
    service_id: { ...serviceFilter, column: serviceAreas.service_id },
    kind: { column: serviceAreas.kind },
    state_code: { column: serviceAreas.state_code },
  },
  search: [serviceAreas.value, serviceAreas.label],
  sort: {
    kind: serviceAreas.kind,
    value: serviceAreas.value,
    state_code: serviceAreas.state_code,
    label: sql`lower(${serviceAreas.label})`,
    created_at: serviceAreas.created_at,
    updated_at: serviceAreas.updated_at,
  },
  defaultSort: 'value',
  refs: { service_id: service },
  unique: { service_areas_unique_key: 'value' },
  hooks: {
    async validate(input, ctx) {
      const value = await areaValue(ctx, String(input.kind), String(input.value));
      return { ...input, value, state_code: await stateCodeOf(ctx.tx, String(input.state_code)) };
    },
  },
};

/** Roster entries; the roster of a service is listed with names by GET /api/servicepersonnel. */
export const servicePersonnelResource: Resource = {
  path: 'servicepersonnel',
  entity: 'service_personnel',
  wrapper: 'service_personnel',
  singular: 'roster entry',
  tags,
  table: servicePersonnel,
  read: 'registry.read',
  write: 'registry.write',
  routes: { list: false },
  input: servicePersonnelInput,
  output: servicePersonnelOutput,
  present: isoRow,
  sort: { created_at: servicePersonnel.created_at },
  defaultSort: 'created_at',
  refs: {
    service_id: service,
    user_id: refTarget('users'),
    position_id: refTarget('positions'),
  },
  hooks: {
    validate(input: Row) {
      if (input.start_date && input.end_date && String(input.end_date) < String(input.start_date))
        throw badRequest({ end_date: 'The end date cannot be before the start date.' });
      return undefined;
    },
  },
};
