import {
  dataChange,
  dataChangeLogQuery,
  listQuery,
  listResponse,
  logAccessInput,
  logClientErrorInput,
  logFormProgressInput,
} from '@licensure/contracts';
import { accessLog, clientErrorLog, dataChangeLog, formProgressLog, users } from '@licensure/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { self } from '../../platform/permissions/policies';
import { loadResponseFor } from '../responses/access';
import { loadReadablePerson } from '../users/present';

const tags = ['logging'];

export async function loggingModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  /** A page of the data change log, newest first, with the name of who made each change. */
  async function changes(
    enterpriseId: string,
    where: SQL | undefined,
    page: { currentPage: number; numPerPage: number },
  ) {
    const condition = and(eq(dataChangeLog.enterprise_id, enterpriseId), where);
    const [items, [count]] = await Promise.all([
      db
        .select({
          id: dataChangeLog.id,
          seq: dataChangeLog.seq,
          enterprise_id: dataChangeLog.enterprise_id,
          user_id: dataChangeLog.user_id,
          user_name: users.user_name,
          entity: dataChangeLog.entity,
          object_id: dataChangeLog.object_id,
          action: dataChangeLog.action,
          before: dataChangeLog.before,
          after: dataChangeLog.after,
          changed_at: dataChangeLog.changed_at,
        })
        .from(dataChangeLog)
        .leftJoin(users, eq(users.id, dataChangeLog.user_id))
        .where(condition)
        .orderBy(desc(dataChangeLog.seq))
        .limit(page.numPerPage)
        .offset((page.currentPage - 1) * page.numPerPage),
      db.select({ total: sql<number>`cast(count(*) as integer)` }).from(dataChangeLog).where(condition),
    ]);
    return {
      items: items.map((i) => ({ ...i, changed_at: i.changed_at.toISOString() })),
      total: count?.total ?? 0,
      ...page,
    };
  }
  const page = listQuery.pick({ currentPage: true, numPerPage: true });
  const response = { 200: listResponse(dataChange) };

  r.get('/api/DataChangeLog', {
    config: { access: 'logging.read' },
    schema: {
      tags,
      summary: 'Who changed what and when (filter by entity and object)',
      querystring: dataChangeLogQuery.extend(page.shape),
      response,
    },
    handler: async (request) => {
      const { entity, object_id, ...p } = request.query;
      return changes(
        request.enterpriseId,
        and(
          entity ? eq(dataChangeLog.entity, entity) : undefined,
          object_id ? eq(dataChangeLog.object_id, object_id) : undefined,
        ),
        p,
      );
    },
  });

  r.get('/api/ServiceLocations', {
    config: { access: 'logging.read' },
    schema: {
      tags,
      summary: 'History of the locations (stations) of a service, from the data change log',
      querystring: z
        .object({ service_id: z.uuid({ message: 'service_id must be a valid id' }) })
        .extend(page.shape),
      response,
    },
    handler: async (request) => {
      const { service_id, ...p } = request.query;
      return changes(
        request.enterpriseId,
        and(
          eq(dataChangeLog.entity, 'service_stations'),
          sql`(${dataChangeLog.after}->>'service_id' = ${service_id} or ${dataChangeLog.before}->>'service_id' = ${service_id})`,
        ),
        p,
      );
    },
  });

  r.get('/api/TriggerConfigurationTriggerChangeLog', {
    config: { access: 'logging.read' },
    schema: {
      tags,
      summary: 'History of a trigger configuration trigger, from the data change log',
      querystring: z
        .object({
          trigger_configuration_trigger_id: z.uuid({
            message: 'trigger_configuration_trigger_id must be a valid id',
          }),
        })
        .extend(page.shape),
      response,
    },
    handler: async (request) => {
      const { trigger_configuration_trigger_id: id, ...p } = request.query;
      return changes(
        request.enterpriseId,
        and(eq(dataChangeLog.entity, 'trigger_configuration_triggers'), eq(dataChangeLog.object_id, id)),
        p,
      );
    },
  });

  r.post('/api/Logger/LogAccess', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary:
        "Record that the caller read a sensitive field of a person's record (one the caller may read: a portal user, their own)",
      body: logAccessInput,
      response: { 201: z.object({ id: z.uuid() }) },
    },
    handler: async (request, reply) => {
      // The reader is always the caller; the person read must be one the caller may read (a portal
      // user: only themselves), so nobody can fill anyone's access log with made-up reads.
      const subject = await loadReadablePerson(db, request, request.body.user_id, { includeDeleted: true });
      const [row] = await db
        .insert(accessLog)
        .values({
          enterprise_id: request.enterpriseId,
          viewer_id: request.auth!.userId,
          user_id: subject.id,
          field: request.body.field,
        })
        .returning({ id: accessLog.id });
      return reply.status(201).send(row!);
    },
  });

  r.post('/api/Logger/LogFormProgress', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary: 'Record progress through a form response the caller may see',
      body: logFormProgressInput,
      response: { 201: z.object({ id: z.uuid() }) },
    },
    handler: async (request, reply) => {
      // 404 for a response that does not exist or (for portal users) is not theirs to see.
      await loadResponseFor(db, request.auth, request.enterpriseId, request.body.fb_response_id, 'view');
      const [row] = await db
        .insert(formProgressLog)
        .values({
          enterprise_id: request.enterpriseId,
          user_id: request.auth!.userId,
          fb_response_id: request.body.fb_response_id,
          text: request.body.text,
        })
        .returning({ id: formProgressLog.id });
      return reply.status(201).send(row!);
    },
  });

  r.post('/api/Logger/LogAngularApiErrors', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Report an error that happened in the web app',
      body: logClientErrorInput,
      response: { 201: z.object({ id: z.uuid() }) },
    },
    handler: async (request, reply) => {
      const [row] = await db
        .insert(clientErrorLog)
        .values({
          enterprise_id: request.enterpriseId,
          user_id: request.auth?.userId ?? null,
          error_text: request.body.errorText,
          user_agent: request.headers['user-agent']?.slice(0, 500),
        })
        .returning({ id: clientErrorLog.id });
      request.log.warn({ client_error: request.body.errorText.slice(0, 2000) }, 'client error reported');
      return reply.status(201).send(row!);
    },
  });
}
