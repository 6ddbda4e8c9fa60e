import {
  alerts,
  certifications,
  counties,
  serviceCounties,
  servicePersonnel,
  services,
  serviceVehicles,
  vehicles,
} from '@licensure/db';
import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../platform/http/errors';
import { selfOrPermission, staffOrAdministers } from '../../platform/permissions/policies';
import { notEndedEntry } from '../../platform/permissions/roster';
import { countAll } from '../../platform/resources/list-query';
import { assertCanReadService } from './access';
import { currentLink, findService, idParams, serviceIdQuery, tags } from './common';
import { presentCertification, presentServiceLess, presentVehicle } from './present';
import { ancestorsOf } from './services.resources';

const lessColumns = {
  id: services.id,
  name: services.name,
  service_number: services.service_number,
  city: services.city,
  state: services.state,
  active: services.active,
};

export async function servicesQueries(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const live = (enterpriseId: string) =>
    and(eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at));

  r.get('/api/services/getless', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'Active services, short form, by name' },
    handler: async (request) =>
      db
        .select(lessColumns)
        .from(services)
        .where(and(live(request.enterpriseId), eq(services.active, true)))
        .orderBy(asc(sql`lower(${services.name})`)),
  });

  r.get('/api/services/getchildchoices', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Services that may become children of a service (not itself, not its ancestors)',
      querystring: serviceIdQuery,
    },
    handler: async (request) => {
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const excluded = [s.id, ...(await ancestorsOf(db, request.enterpriseId, s.id))];
      return db
        .select({ ...lessColumns, parent_id: services.parent_id })
        .from(services)
        .where(and(live(request.enterpriseId), notInArray(services.id, excluded)))
        .orderBy(asc(sql`lower(${services.name})`));
    },
  });

  r.get('/api/services/getbyuserid', {
    // Everyone may list their own services; other people's need registry.read.
    config: { access: selfOrPermission('registry.read') },
    schema: {
      tags,
      summary: 'Services where a person is on the current roster, with the roster row',
      querystring: z.object({ user_id: z.uuid({ message: 'user_id must be a valid id' }) }),
    },
    handler: async (request) => {
      const auth = request.auth!;
      if (
        request.query.user_id !== auth.userId &&
        (auth.isPortal || !auth.permissions.has('registry.read'))
      ) {
        throw forbidden();
      }
      const rows = await db
        .select({
          service: lessColumns,
          service_personnel_id: servicePersonnel.id,
          position_id: servicePersonnel.position_id,
          start_date: servicePersonnel.start_date,
          end_date: servicePersonnel.end_date,
          is_designated: servicePersonnel.is_designated,
          is_administrator: servicePersonnel.is_administrator,
        })
        .from(servicePersonnel)
        .innerJoin(services, eq(services.id, servicePersonnel.service_id))
        .where(
          and(
            live(request.enterpriseId),
            eq(servicePersonnel.user_id, request.query.user_id),
            notEndedEntry(),
          ),
        )
        .orderBy(asc(sql`lower(${services.name})`));
      return rows.map(({ service, ...roster }) => ({ ...presentServiceLess(service), ...roster }));
    },
  });

  r.get('/api/services/getcounties', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'Counties that have (live) services, with the number of services' },
    handler: async (request) =>
      db
        .select({
          county_fips: services.county_fips,
          name: counties.name,
          state_fips: counties.state_fips,
          count: countAll,
        })
        .from(services)
        .leftJoin(counties, eq(counties.fips, services.county_fips))
        .where(and(live(request.enterpriseId), sql`${services.county_fips} is not null`))
        .groupBy(services.county_fips, counties.name, counties.state_fips)
        .orderBy(asc(counties.name), asc(services.county_fips)),
  });

  r.get('/api/core/service/serviceaffiliationcounties', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'Counties a service is affiliated with', querystring: serviceIdQuery },
    handler: async (request) => {
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      return db
        .select({
          county_fips: serviceCounties.county_fips,
          name: counties.name,
          state_fips: counties.state_fips,
        })
        .from(serviceCounties)
        .leftJoin(counties, eq(counties.fips, serviceCounties.county_fips))
        .where(and(eq(serviceCounties.service_id, s.id), eq(serviceCounties.is_affiliation, true)))
        .orderBy(asc(counties.name));
    },
  });

  r.get('/api/services/getservicealerts', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'Open (not retired) alerts of a service', querystring: serviceIdQuery },
    handler: async (request) => {
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const rows = await db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.service_id, s.id),
            eq(alerts.enterprise_id, request.enterpriseId),
            isNull(alerts.retired_at),
          ),
        )
        .orderBy(desc(alerts.created_at));
      return rows.map((a) => ({
        id: a.id,
        alert_type_id: a.alert_type_id,
        service_id: a.service_id,
        value: a.value,
        created_at: a.created_at.toISOString(),
      }));
    },
  });

  r.get('/api/services/getservicecertifications', {
    config: { access: staffOrAdministers('registry.read') },
    schema: { tags, summary: 'Certifications (licences) held by a service', querystring: serviceIdQuery },
    handler: async (request) => {
      await assertCanReadService(db, request, request.query.service_id);
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const rows = await db
        .select()
        .from(certifications)
        .where(
          and(
            eq(certifications.service_id, s.id),
            eq(certifications.enterprise_id, request.enterpriseId),
            isNull(certifications.deleted_at),
          ),
        )
        .orderBy(sql`${certifications.expiration_date} desc nulls last`, asc(certifications.number));
      return rows.map(presentCertification);
    },
  });

  r.get('/api/services/serviceVehicles', {
    config: { access: staffOrAdministers('registry.read') },
    schema: { tags, summary: 'Current vehicles of a service (not deleted)', querystring: serviceIdQuery },
    handler: async (request) => {
      await assertCanReadService(db, request, request.query.service_id);
      const s = await findService(db, request.enterpriseId, request.query.service_id);
      const rows = await db
        .select({
          vehicle: vehicles,
          start_date: serviceVehicles.start_date,
          end_date: serviceVehicles.end_date,
        })
        .from(serviceVehicles)
        .innerJoin(vehicles, eq(vehicles.id, serviceVehicles.vehicle_id))
        .where(and(eq(serviceVehicles.service_id, s.id), isNull(vehicles.deleted_at), currentLink))
        .orderBy(asc(vehicles.unit_number), asc(vehicles.serial_number));
      return rows.map((row) => ({
        ...presentVehicle(row.vehicle, s.id),
        start_date: row.start_date,
        end_date: row.end_date,
      }));
    },
  });

  r.get('/api/services/servicesFromVehicleId/:id', {
    config: { access: 'registry.read' },
    schema: {
      tags,
      summary: 'Services a vehicle belongs or belonged to, with the link dates',
      params: idParams,
    },
    handler: async (request) => {
      const rows = await db
        .select({
          service: lessColumns,
          start_date: serviceVehicles.start_date,
          end_date: serviceVehicles.end_date,
        })
        .from(serviceVehicles)
        .innerJoin(services, eq(services.id, serviceVehicles.service_id))
        .innerJoin(vehicles, eq(vehicles.id, serviceVehicles.vehicle_id))
        .where(
          and(
            live(request.enterpriseId),
            eq(serviceVehicles.vehicle_id, request.params.id),
            eq(vehicles.enterprise_id, request.enterpriseId),
          ),
        )
        .orderBy(sql`${serviceVehicles.end_date} desc nulls first`, asc(services.name));
      return rows.map(({ service, ...link }) => ({ ...presentServiceLess(service), ...link }));
    },
  });
}
