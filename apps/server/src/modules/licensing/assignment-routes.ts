import { assignRequestBody, licenseRequestDetail, requestIdBody, reviewerOption } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignRequest, reviewers } from './assign-request';
import { loadDetail } from './request-store';

const tags = ['licensing'];

/** Who works on a request: checkout by oneself, assignment to a reviewer, release. */
export async function assignmentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/LicenseRequests/checkout', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Check a request out to oneself (refused while another reviewer has it)',
      body: requestIdBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const row = await db.transaction((tx) =>
        assignRequest(tx, request, request.body.licenseRequestID, request.auth!.userId, 'checkout'),
      );
      return loadDetail(db, row, 'staff');
    },
  });

  r.post('/api/LicenseRequests/assign', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Assign a request to a reviewer (user_id), or release it (user_id null)',
      body: assignRequestBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const row = await db.transaction((tx) =>
        assignRequest(tx, request, request.body.licenseRequestID, request.body.user_id, 'assign'),
      );
      return loadDetail(db, row, 'staff');
    },
  });

  r.get('/api/LicenseRequests/reviewers', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Staff who review requests: those a request can be assigned to',
      response: { 200: z.array(reviewerOption) },
    },
    handler: async (request) => reviewers(db, request.enterpriseId),
  });
}
