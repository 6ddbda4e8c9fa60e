import {
  licenseRequestDetail,
  licenseRequestSummary,
  listResponse,
  processChangeBody,
  progress,
  requestQueueQuery,
} from '@licensure/contracts';
import {
  licenseRequestProcessStatuses,
  licenseRequests,
  licenses,
  processes,
  processStatuses,
  referenceTables,
  services,
  users,
} from '@licensure/db';
import { and, asc, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { countAll, likeContains, sortTerm } from '../../platform/resources/list-query';
import { issueCredentials } from './issue';
import { visibleRequest } from './request-access';
import { history, loadDetail, presentSummary, statusByCode, summaryFrom } from './request-store';
import { enterpriseToday } from './rule-routes';

const tags = ['licensing'];
const requestIdBody = z.object({
  licenseRequestID: z.uuid({ message: 'licenseRequestID must be a valid id' }),
});

type RequestRow = typeof licenseRequests.$inferSelect;

function xmlEscape(v: unknown): string {
  return (
    String(v ?? '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry (control characters other than tab and line ends).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '')
  );
}

/** A value as XML: objects become elements, arrays repeat the singular element. */
function toXml(name: string, value: unknown, indent = ''): string {
  if (value === null || value === undefined) return `${indent}<${name}/>`;
  if (Array.isArray(value)) {
    const item = name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
    return `${indent}<${name}>\n${value.map((v) => toXml(item, v, `${indent}  `)).join('\n')}\n${indent}</${name}>`;
  }
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => toXml(k, v, `${indent}  `))
      .join('\n');
    return `${indent}<${name}>\n${inner}\n${indent}</${name}>`;
  }
  return `${indent}<${name}>${xmlEscape(value)}</${name}>`;
}

/** The reviewer's side of licence requests: the queue and its counts, process changes, approval, XML. */
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
      const where = queueWhere(request.enterpriseId, q);
      const order = sortTerm(
        {
          completed_on: sql`${licenseRequests.completed_on}`,
          created_at: sql`${licenseRequests.created_at}`,
          updated_at: sql`${licenseRequests.updated_at}`,
          license_name: sql`${licenses.name}`,
        },
        q,
        'completed_on',
      );
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
        .where(queueWhere(request.enterpriseId, { ...request.query, status_id: undefined }))
        .groupBy(licenseRequests.status_id, s.label, s.sort_order)
        .orderBy(asc(s.sort_order), asc(s.label));
      return { total: rows.reduce((n, r) => n + r.count, 0), statuses: rows };
    },
  });

  r.post('/api/licenserequestprocessstatuses/processchange', {
    config: { access: 'requests.review' },
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
      return loadDetail(db, row);
    },
  });

  r.post('/api/LicenseRequests/approve', {
    config: { access: 'requests.review' },
    schema: {
      tags,
      summary: "Approve a submitted request: issue or renew its credentials from the licence's configuration",
      body: requestIdBody.extend({ note: z.string().trim().max(4000).nullable().optional() }),
      response: { 200: licenseRequestDetail },
    },
    handler: async (request) => {
      const today = await enterpriseToday(db, request.enterpriseId);
      const row = await db.transaction(async (tx) => {
        const [req] = await tx
          .select()
          .from(licenseRequests)
          .where(
            and(
              eq(licenseRequests.id, request.body.licenseRequestID),
              eq(licenseRequests.enterprise_id, request.enterpriseId),
              isNull(licenseRequests.deleted_at),
            ),
          )
          .for('update');
        if (!req) throw notFound('licence request');
        if (req.progress < progress.submitted)
          throw new AppError('conflict', 'Only a submitted request can be approved.');
        const issued = await issueCredentials(tx, request.enterpriseId, req, today);
        for (const c of issued)
          await recordEvent(tx, {
            enterpriseId: request.enterpriseId,
            name: 'certification.issued',
            entity: 'certifications',
            objectId: c.id,
            actorId: request.auth?.userId ?? null,
            payload: { licenseRequestId: req.id, number: c.number, expirationDate: c.expiration_date },
          });
        const approved = await statusByCode(tx, req.license_id, 'approved');
        const [after] = await tx
          .update(licenseRequests)
          .set({ status_id: approved ?? req.status_id, updated_at: new Date() })
          .where(eq(licenseRequests.id, req.id))
          .returning();
        await history(tx, request, req.id, {
          kind: 'issued',
          license_request_status_id: after?.status_id ?? null,
          note: [
            request.body.note,
            `Issued ${issued.map((c) => `${c.number} (expires ${c.expiration_date})`).join(', ')}`,
          ]
            .filter(Boolean)
            .join(' — '),
        });
        await recordChange(tx, actorOf(request), {
          entity: 'certifications',
          objectId: req.id,
          action: 'create',
          after: issued,
        });
        return after as RequestRow;
      });
      return loadDetail(db, row);
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
      const detail = await loadDetail(db, req);
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

/** The queue's filters as one condition. */
function queueWhere(enterpriseId: string, q: z.infer<typeof requestQueueQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(licenseRequests.enterprise_id, enterpriseId)];
  if (!q.includeDeleted) conditions.push(isNull(licenseRequests.deleted_at));
  if (q.license_id) conditions.push(eq(licenseRequests.license_id, q.license_id));
  if (q.status_id) conditions.push(eq(licenseRequests.status_id, q.status_id));
  if (q.user_id) conditions.push(eq(licenseRequests.user_id, q.user_id));
  if (q.service_id) conditions.push(eq(licenseRequests.service_id, q.service_id));
  if (q.progress !== undefined) conditions.push(eq(licenseRequests.progress, q.progress));
  if (q.from) conditions.push(gte(licenseRequests.completed_on, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lte(licenseRequests.completed_on, new Date(`${q.to}T23:59:59.999Z`)));
  if (q.process_status_id || q.process_id)
    conditions.push(
      sql`exists (select 1 from ${licenseRequestProcessStatuses} where ${licenseRequestProcessStatuses.license_request_id} = ${licenseRequests.id}${
        q.process_id ? sql` and ${licenseRequestProcessStatuses.process_id} = ${q.process_id}` : sql``
      }${q.process_status_id ? sql` and ${licenseRequestProcessStatuses.process_status_id} = ${q.process_status_id}` : sql``})`,
    );
  const search = q.search?.trim();
  if (search)
    conditions.push(
      or(
        ilike(users.last_name, likeContains(search)),
        ilike(users.first_name, likeContains(search)),
        ilike(services.name, likeContains(search)),
      ),
    );
  return and(...conditions);
}
