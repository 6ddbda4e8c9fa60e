import { licenseRequestSummary, progress } from '@licensure/contracts';
import { licenseRequests } from '@licensure/db';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administeredServiceIds, speaksFor } from '../../platform/permissions';
import {
  policyContext,
  requirePolicy,
  self,
  selfOrPermission,
  speaksForHolder,
} from '../../platform/permissions/policies';
import { presentSummary, summaryFrom } from './request-store';

const tags = ['licensing'];

/** A person's requests are theirs and staff's with requests.read: anyone else is told the person is not found. */
const personsRequests = selfOrPermission('requests.read', 'not_found');

/** Lists of a subject's requests: a person's, the signed-in user's, and a subject's open one for a licence. */
export async function requestListRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/LicenseRequests/getByUserID', {
    config: { access: personsRequests },
    schema: {
      tags,
      summary: "A person's requests (a portal user: their own only)",
      querystring: z.object({ user_id: z.uuid({ message: 'user_id must be a valid id' }) }),
      response: { 200: z.array(licenseRequestSummary) },
    },
    handler: async (request) => {
      await requirePolicy(personsRequests, policyContext(request), request.query.user_id, 'person');
      const rows = await summaryFrom(db)
        .where(
          and(
            eq(licenseRequests.enterprise_id, request.enterpriseId),
            eq(licenseRequests.user_id, request.query.user_id),
            isNull(licenseRequests.deleted_at),
          ),
        )
        .orderBy(desc(licenseRequests.created_at));
      return rows.map(presentSummary);
    },
  });

  r.get('/api/LicenseRequests/mine', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'Requests the signed-in user made or speaks for (own, and of services they administer)',
      response: { 200: z.array(licenseRequestSummary) },
    },
    handler: async (request) => {
      const auth = request.auth!;
      const managed = await administeredServiceIds(db, request.enterpriseId, auth.userId);
      const rows = await summaryFrom(db)
        .where(
          and(
            eq(licenseRequests.enterprise_id, request.enterpriseId),
            isNull(licenseRequests.deleted_at),
            or(
              eq(licenseRequests.user_id, auth.userId),
              managed.length ? inArray(licenseRequests.service_id, managed) : undefined,
              eq(licenseRequests.created_by, auth.userId),
            ),
          ),
        )
        .orderBy(desc(licenseRequests.created_at))
        .limit(200);
      return rows.map(presentSummary);
    },
  });

  r.get('/api/LicensingModule/LicenseRequest', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary: "The subject's open (not yet submitted) request for a licence, or null",
      querystring: z.object({
        license_id: z.uuid({ message: 'license_id must be a valid id' }),
        user_id: z.uuid().optional(),
        service_id: z.uuid().optional(),
        vehicle_id: z.uuid().optional(),
      }),
      response: { 200: licenseRequestSummary.nullable() },
    },
    handler: async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const subject = {
        user_id: q.user_id ?? (q.service_id || q.vehicle_id ? null : auth.userId),
        service_id: q.service_id ?? null,
        vehicle_id: q.vehicle_id ?? null,
      };
      if (
        !auth.permissions.has('requests.read') &&
        !(await speaksFor(db, auth, request.enterpriseId, subject))
      )
        return null;
      const [row] = await summaryFrom(db)
        .where(
          and(
            eq(licenseRequests.enterprise_id, request.enterpriseId),
            eq(licenseRequests.license_id, q.license_id),
            subject.user_id
              ? eq(licenseRequests.user_id, subject.user_id)
              : subject.service_id
                ? eq(licenseRequests.service_id, subject.service_id)
                : eq(licenseRequests.vehicle_id, subject.vehicle_id as string),
            sql`${licenseRequests.progress} < ${progress.submitted}`,
            isNull(licenseRequests.deleted_at),
          ),
        )
        .orderBy(desc(licenseRequests.created_at))
        .limit(1);
      return row ? presentSummary(row) : null;
    },
  });
}
