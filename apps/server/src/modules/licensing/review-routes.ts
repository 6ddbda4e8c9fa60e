import {
  licenseRequestDetail,
  licenseRequestSummary,
  listResponse,
  processChangeBody,
  requestQueueQuery,
} from '@licensure/contracts';
import {
  licenseRequestProcessStatuses,
  licenseRequests,
  processes,
  processStatuses,
  referenceTables,
  services,
  users,
} from '@licensure/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest } from '../../platform/http/errors';
import { countAll } from '../../platform/resources/list-query';
import { queueOrder, queueWhere } from './queue-query';
import { visibleRequest } from './request-access';
import { history, loadDetail, presentSummary, summaryFrom } from './request-store';
import { toXml } from './request-xml';

const tags = ['licensing'];
const requestIdBody = z.object({
  licenseRequestID: z.uuid({ message: 'licenseRequestID must be a valid id' }),
});

type RequestRow = typeof licenseRequests.$inferSelect;

/** The reviewer's side of licence requests: the queue and its counts, process changes, XML. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/LicenseRequests', {
    config: { access: 'requests.read' },
    schema: {
      tags,
      summary: 'The review queue: requests filtered by licence, status, process status and date',
      querystring: requestQueueQuery,
      response: { 200: listResponse(licenseRequestSummary) },
    },
    handler: async (request) => {
      const q = request.query;
      const where = queueWhere(request.enterpriseId, request.auth!, q);
      const order = queueOrder(q);
      const [items, [count]] = await Promise.all([
        summaryFrom(db)
          .where(where)
          .orderBy(order, asc(licenseRequests.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db
          .select({ n: countAll })
          .from(licenseRequests)
          .leftJoin(users, eq(users.id, licenseRequests.user_id))
          .leftJoin(services, eq(services.id, licenseRequests.service_id))
          .where(where),
      ]);
      return {
        items: items.map(presentSummary),
        total: count?.n ?? 0,
        currentPage: q.currentPage,
        numPerPage: q.numPerPage,
      };
    },
  });

  r.get('/api/LicenseRequests/counts', {
    config: { access: 'requests.read' },
    schema: {
      tags,
      summary: 'How many requests of the queue (same filters) are in each status',
      querystring: requestQueueQuery,
      response: {
        200: z.object({
          total: z.number().int(),
          statuses: z.array(
            z.object({
              status_id: z.uuid().nullable(),
              label: z.string().nullable(),
              count: z.number().int(),
            }),
          ),
        }),
      },
    },
    handler: async (request) => {
      const s = referenceTables.license_request_statuses;
      const rows = await db
        .select({
          status_id: licenseRequests.status_id,
          label: sql<string | null>`${s.label}`,
          count: countAll,
        })
        .from(licenseRequests)
        .leftJoin(users, eq(users.id, licenseRequests.user_id))
        .leftJoin(services, eq(services.id, licenseRequests.service_id))
        .leftJoin(s, eq(s.id, licenseRequests.status_id))
        .where(queueWhere(request.enterpriseId, request.auth!, { ...request.query, status_id: undefined }))
        .groupBy(licenseRequests.status_id, s.label, s.sort_order)
        .orderBy(asc(s.sort_order), asc(s.label));
      return { total: rows.reduce((n, r) => n + r.count, 0), statuses: rows };
    },
  });

  r.post('/api/licenserequestprocessstatuses/processchange', {
    config: { access: 'requests.review', refs: { processID: 'process', statusID: 'process_statuses' } },
    schema: {
      tags,
      summary:
        'Record a process status change with a note; the trigger names are stored for the workflow engine, not fired here',
      body: processChangeBody,
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const req = await visibleRequest(tx, request.auth, request.enterpriseId, b.licenseRequestID);
        const [status] = await tx
          .select()
          .from(processStatuses)
          .innerJoin(processes, eq(processes.id, processStatuses.process_id))
          .where(
            and(
              eq(processStatuses.id, b.statusID),
              eq(processStatuses.process_id, b.processID),
              eq(processes.enterprise_id, request.enterpriseId),
            ),
          );
        if (!status) throw badRequest({ statusID: 'That status is not one of the process.' });
        await tx
          .insert(licenseRequestProcessStatuses)
          .values({
            license_request_id: req.id,
            process_id: b.processID,
            process_status_id: b.statusID,
            updated_by: request.auth!.userId,
          })
          .onConflictDoUpdate({
            target: [
              licenseRequestProcessStatuses.license_request_id,
              licenseRequestProcessStatuses.process_id,
            ],
            set: { process_status_id: b.statusID, updated_by: request.auth!.userId, updated_at: new Date() },
          });
        await history(tx, request, req.id, {
          kind: 'process',
          process_id: b.processID,
          process_status_id: b.statusID,
          note: b.note ?? null,
          // Notes are internal unless the reviewer chose to send them to the applicant.
          internal: !b.toApplicant,
          manual_trigger: b.manualTrigger ?? null,
          link_trigger: b.linkTrigger ?? null,
        });
        const [after] = await tx
          .update(licenseRequests)
          .set({ updated_at: new Date() })
          .where(eq(licenseRequests.id, req.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'license_request_process_statuses',
          objectId: req.id,
          action: 'update',
          after: b,
        });
        return after as RequestRow;
      });
      return loadDetail(db, row, 'staff');
    },
  });

  r.get('/api/LicenseRequests/getXML', {
    config: { access: 'requests.read' },
    schema: {
      tags,
      summary: 'A request exported as XML',
      querystring: z.object({ id: z.uuid({ message: 'id must be a valid id' }) }),
    },
    handler: async (request, reply) => {
      const req = await visibleRequest(db, request.auth, request.enterpriseId, request.query.id, {
        includeDeleted: true,
      });
      const detail = await loadDetail(db, req, 'staff');
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${toXml('license_request', detail)}\n`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="license-request-${req.id}.xml"`)
        .send(xml);
    },
  });

  r.post('/api/LicenseRequests/setCurrentTriggerCount', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: 'Record how many triggers have fired for a request (for the workflow engine)',
      body: requestIdBody.extend({
        count: z.number().int().min(0, 'count must be 0 or more').max(1_000_000),
      }),
      response: { 200: z.object({ licenseRequestID: z.uuid(), count: z.number().int() }) },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const req = await visibleRequest(
          tx,
          request.auth,
          request.enterpriseId,
          request.body.licenseRequestID,
        );
        await tx
          .update(licenseRequests)
          .set({ current_trigger_count: request.body.count })
          .where(eq(licenseRequests.id, req.id));
        await recordChange(tx, actorOf(request), {
          entity: 'license_requests',
          objectId: req.id,
          action: 'update',
          before: { current_trigger_count: req.current_trigger_count },
          after: { current_trigger_count: request.body.count },
        });
      });
      return { licenseRequestID: request.body.licenseRequestID, count: request.body.count };
    },
  });
}
