import { person } from '@licensure/contracts';
import {
  alert_types,
  alerts,
  certification_levels,
  certifications,
  servicePersonnel,
  services,
  userQualifications,
  users,
} from '@licensure/db';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { administers } from '../../platform/permissions';
import { selfOrPermission } from '../../platform/permissions/policies';
import { notEndedEntry } from '../../platform/permissions/roster';
import { loadReadablePerson, presentPerson } from './present';

const tags = ['users'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const qualificationKinds = {
  emslevels: 'ems_level',
  endorsements: 'endorsement',
  instructorlevels: 'instructor_level',
  evaluatorlevels: 'evaluator_level',
  instructingtopics: 'instructing_topic',
} as const;

const qualification = z.object({
  id: z.uuid(),
  kind: z.string(),
  reference_id: z.uuid().nullable(),
  label: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

const rosterEntry = z.object({
  service_personnel_id: z.uuid(),
  position_id: z.uuid().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_designated: z.boolean(),
  is_administrator: z.boolean(),
  user: person,
});

export async function personRecordsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/users/:id/alerts', {
    config: { access: selfOrPermission('users.read', 'not_found') },
    schema: { tags, summary: "A person's current (not retired) alerts", params: idParams },
    handler: async (request) => {
      const u = await loadReadablePerson(db, request, request.params.id);
      const rows = await db
        .select({
          id: alerts.id,
          alert_type_id: alerts.alert_type_id,
          alert_type: sql<string | null>`${alert_types.label}`,
          severity: sql<string | null>`${alert_types.severity}`,
          value: alerts.value,
          created_at: alerts.created_at,
        })
        .from(alerts)
        .leftJoin(alert_types, eq(alert_types.id, alerts.alert_type_id))
        .where(
          and(
            eq(alerts.user_id, u.id),
            eq(alerts.enterprise_id, request.enterpriseId),
            isNull(alerts.retired_at),
          ),
        )
        .orderBy(desc(alerts.created_at));
      return rows.map((a) => ({ ...a, created_at: iso(a.created_at) }));
    },
  });

  r.get('/api/users/:id/certifications', {
    config: { access: selfOrPermission('users.read', 'not_found') },
    schema: {
      tags,
      summary: "A person's certifications (licences held), newest expiration first",
      params: idParams,
    },
    handler: async (request) => {
      const u = await loadReadablePerson(db, request, request.params.id);
      return db
        .select({
          id: certifications.id,
          license_id: certifications.license_id,
          license_category_level_id: certifications.license_category_level_id,
          certification_level_id: certifications.certification_level_id,
          level: sql<string | null>`${certification_levels.label}`,
          number: certifications.number,
          status: certifications.status,
          issue_date: certifications.issue_date,
          expiration_date: certifications.expiration_date,
        })
        .from(certifications)
        .leftJoin(certification_levels, eq(certification_levels.id, certifications.certification_level_id))
        .where(
          and(
            eq(certifications.user_id, u.id),
            eq(certifications.enterprise_id, request.enterpriseId),
            isNull(certifications.deleted_at),
          ),
        )
        .orderBy(sql`${certifications.expiration_date} desc nulls last`, asc(certifications.number));
    },
  });

  for (const [segment, kind] of Object.entries(qualificationKinds))
    r.get(`/api/users/:id/${segment}`, {
      config: { access: selfOrPermission('users.read', 'not_found') },
      schema: {
        tags,
        summary: `A person's ${kind.replaceAll('_', ' ')}s`,
        params: idParams,
        response: { 200: z.array(qualification) },
      },
      handler: async (request) => {
        const u = await loadReadablePerson(db, request, request.params.id);
        return db
          .select({
            id: userQualifications.id,
            kind: userQualifications.kind,
            reference_id: userQualifications.reference_id,
            label: userQualifications.label,
            start_date: userQualifications.start_date,
            end_date: userQualifications.end_date,
          })
          .from(userQualifications)
          .where(
            and(
              eq(userQualifications.user_id, u.id),
              eq(userQualifications.enterprise_id, request.enterpriseId),
              eq(userQualifications.kind, kind),
            ),
          )
          .orderBy(asc(userQualifications.label));
      },
    });

  /** The current roster of a service; portal users only for services they administer. */
  async function roster(request: FastifyRequest, serviceId: string) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, serviceId),
          eq(services.enterprise_id, request.enterpriseId),
          isNull(services.deleted_at),
        ),
      );
    if (!service) throw notFound('service');
    if (
      request.auth!.isPortal &&
      !(await administers(db, request.enterpriseId, request.auth!.userId, serviceId))
    )
      throw notFound('service');
    const rows = await db
      .select({ p: servicePersonnel, u: users })
      .from(servicePersonnel)
      .innerJoin(users, eq(users.id, servicePersonnel.user_id))
      .where(and(eq(servicePersonnel.service_id, serviceId), isNull(users.deleted_at), notEndedEntry()))
      .orderBy(asc(sql`lower(${users.last_name})`), asc(sql`lower(${users.first_name})`));
    return rows.map(({ p, u }) => ({
      service_personnel_id: p.id,
      position_id: p.position_id,
      start_date: p.start_date,
      end_date: p.end_date,
      is_designated: p.is_designated,
      is_administrator: p.is_administrator,
      user: presentPerson(u),
    }));
  }
  const serviceQuery = z.object({ service_id: z.uuid({ message: 'service_id must be a valid id' }) });

  r.get('/api/users/getUsersByServicePersonnelID', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: 'The people on the current roster of a service',
      querystring: serviceQuery,
      response: { 200: z.array(rosterEntry) },
    },
    handler: async (request) => roster(request, request.query.service_id),
  });

  r.get('/api/users/serviceUsersReimbursement', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: "The people of a service's roster with their training reimbursements",
      querystring: serviceQuery,
      response: { 200: z.array(rosterEntry.extend({ reimbursements: z.array(z.unknown()) })) },
    },
    // Training reimbursement belongs to the education module, which does not exist yet: until it does,
    // every roster person comes with an empty reimbursement list.
    handler: async (request) =>
      (await roster(request, request.query.service_id)).map((e) => ({ ...e, reimbursements: [] })),
  });
}
