import { type ServiceInput, serviceBody, serviceListQuery } from '@licensure/contracts';
import { type Db, serviceCounties, services, type Tx } from '@licensure/db';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { assertCanReadService } from './access';
import { findService, idParams, pageOf, requireCounties, tags } from './common';
import { presentService, presentServiceLess } from './present';

const sortable = {
  name: sql`lower(${services.name})`,
  service_number: sql`lower(${services.service_number})`,
  city: sql`lower(${services.city})`,
  state: services.state,
  active: services.active,
  created_at: services.created_at,
  updated_at: services.updated_at,
} as const;

/** The parent chain of a service, nearest first (stops at 100 levels or a loop already stored). */
export async function ancestorsOf(db: Db | Tx, enterpriseId: string, id: string): Promise<string[]> {
  const chain: string[] = [];
  let current: string | null = id;
  while (current && chain.length < 100) {
    const [row] = await db
      .select({ parent_id: services.parent_id })
      .from(services)
      .where(and(eq(services.id, current), eq(services.enterprise_id, enterpriseId)));
    const parent: string | null = row?.parent_id ?? null;
    if (!parent || parent === id || chain.includes(parent)) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

export async function countiesOf(db: Db | Tx, serviceId: string) {
  const rows = await db
    .select()
    .from(serviceCounties)
    .where(eq(serviceCounties.service_id, serviceId))
    .orderBy(asc(serviceCounties.county_fips));
  return {
    counties: rows.filter((r) => !r.is_affiliation).map((r) => r.county_fips),
    affiliation_counties: rows.filter((r) => r.is_affiliation).map((r) => r.county_fips),
  };
}

async function validate(tx: Tx, enterpriseId: string, input: ServiceInput, selfId?: string) {
  if (input.county_fips) await requireCounties(tx, [input.county_fips], 'county_fips');
  if (input.counties) await requireCounties(tx, input.counties, 'counties');
  if (input.affiliation_counties)
    await requireCounties(tx, input.affiliation_counties, 'affiliation_counties');
  if (input.parent_id) {
    if (input.parent_id === selfId) throw badRequest({ parent_id: 'A service cannot be its own parent.' });
    const [parent] = await tx
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, input.parent_id),
          eq(services.enterprise_id, enterpriseId),
          isNull(services.deleted_at),
        ),
      );
    if (!parent) throw badRequest({ parent_id: `There is no service ${input.parent_id}.` });
    if (selfId && (await ancestorsOf(tx, enterpriseId, input.parent_id)).includes(selfId))
      throw badRequest({ parent_id: 'The parent cannot be one of the service’s own children.' });
  }
}

async function saveCounties(tx: Tx, serviceId: string, input: ServiceInput) {
  for (const [list, isAffiliation] of [
    [input.counties, false],
    [input.affiliation_counties, true],
  ] as const) {
    if (!list) continue;
    await tx
      .delete(serviceCounties)
      .where(
        and(eq(serviceCounties.service_id, serviceId), eq(serviceCounties.is_affiliation, isAffiliation)),
      );
    const unique = [...new Set(list)];
    if (unique.length > 0)
      await tx.insert(serviceCounties).values(
        unique.map((county_fips) => ({
          service_id: serviceId,
          county_fips,
          is_affiliation: isAffiliation,
        })),
      );
  }
}

function columnsOf(input: ServiceInput) {
  const { counties: _c, affiliation_counties: _a, updated_at: _u, ...columns } = input;
  return columns;
}

export async function servicesCrud(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/services', {
    config: { access: 'registry.read' },
    schema: { tags, summary: 'List services (filters, paging, sort, search)', querystring: serviceListQuery },
    handler: async (request) => {
      const q = request.query;
      const sortKey = Object.keys(sortable).find(
        (k) => k.toLowerCase() === (q.sortBy ?? 'name').toLowerCase(),
      );
      if (!sortKey)
        throw badRequest({ sortBy: `sortBy must be one of: ${Object.keys(sortable).join(', ')}` });
      const conditions: (SQL | undefined)[] = [
        eq(services.enterprise_id, request.enterpriseId),
        isNull(services.deleted_at),
      ];
      if (q.classification_id) conditions.push(eq(services.classification_id, q.classification_id));
      if (q.county_fips) conditions.push(eq(services.county_fips, q.county_fips));
      if (q.parent_id) conditions.push(eq(services.parent_id, q.parent_id));
      if (q.active !== undefined) conditions.push(eq(services.active, q.active));
      const search = q.search?.trim();
      if (search) {
        const like = likeContains(search);
        conditions.push(
          or(ilike(services.name, like), ilike(services.service_number, like), ilike(services.city, like)),
        );
      }
      const where = and(...conditions);
      const dir = q.reverse ? desc : asc;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(services)
          .where(where)
          .orderBy(dir(sortable[sortKey as keyof typeof sortable]), asc(services.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ total: countAll }).from(services).where(where),
      ]);
      return pageOf(
        rows.map((s) => presentService(s)),
        count?.total ?? 0,
        q,
      );
    },
  });

  r.get('/api/services/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'One service with its counties; getLess=true gives the short form',
      params: idParams,
      querystring: z.object({ getLess: z.enum(['true', 'false']).optional() }),
    },
    handler: async (request) => {
      await assertCanReadService(db, request, request.params.id);
      const s = await findService(db, request.enterpriseId, request.params.id);
      if (request.query.getLess === 'true') return presentServiceLess(s);
      return presentService(s, await countiesOf(db, s.id));
    },
  });

  r.post('/api/services', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Create a service with its counties', body: serviceBody },
    handler: async (request, reply) => {
      const input = request.body.service;
      const result = await db.transaction(async (tx) => {
        await validate(tx, request.enterpriseId, input);
        const [created] = await tx
          .insert(services)
          .values({ ...columnsOf(input), enterprise_id: request.enterpriseId })
          .returning();
        if (!created) throw new Error('service not created');
        await saveCounties(tx, created.id, input);
        const after = presentService(created, await countiesOf(tx, created.id));
        await recordChange(tx, actorOf(request), {
          entity: 'services',
          objectId: created.id,
          action: 'create',
          after,
        });
        return after;
      });
      return reply.status(201).send(result);
    },
  });

  r.put('/api/services/:id', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Change a service and its counties', params: idParams, body: serviceBody },
    handler: async (request) => {
      const input = request.body.service;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(services)
          .where(
            and(
              eq(services.id, request.params.id),
              eq(services.enterprise_id, request.enterpriseId),
              isNull(services.deleted_at),
            ),
          )
          .for('update');
        if (!before) throw notFound('service');
        if (input.updated_at && new Date(input.updated_at).getTime() !== before.updated_at.getTime())
          throw new AppError(
            'conflict',
            'This service was changed by someone else. Reload it and try again.',
          );
        await validate(tx, request.enterpriseId, input, before.id);
        const beforeView = presentService(before, await countiesOf(tx, before.id));
        const [updated] = await tx
          .update(services)
          .set({ ...columnsOf(input), updated_at: new Date() })
          .where(eq(services.id, before.id))
          .returning();
        if (!updated) throw notFound('service');
        await saveCounties(tx, before.id, input);
        const after = presentService(updated, await countiesOf(tx, before.id));
        await recordChange(tx, actorOf(request), {
          entity: 'services',
          objectId: before.id,
          action: 'update',
          before: beforeView,
          after,
        });
        return after;
      });
    },
  });

  r.delete('/api/services/:id', {
    config: { access: 'registry.write' },
    schema: { tags, summary: 'Retire a service (kept, marked inactive and deleted)', params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const before = await findService(tx, request.enterpriseId, request.params.id);
        const [after] = await tx
          .update(services)
          .set({ active: false, deleted_at: new Date(), updated_at: new Date() })
          .where(eq(services.id, before.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'services',
          objectId: before.id,
          action: 'delete',
          before: presentService(before),
          after: after && presentService(after),
        });
      });
      return reply.status(204).send();
    },
  });
}
