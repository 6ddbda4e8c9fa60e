import { listQuery, type PermissionKey } from '@licensure/contracts';
import type { Tx } from '@licensure/db';
import { and, asc, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, fromDatabaseError, notFound } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { idParams, pageOf, tags as registryTags } from './common';

export interface SimpleCrud<I extends z.ZodObject> {
  path: string;
  /** Data change log entity (the table name). */
  entity: string;
  wrapper: string;
  singular: string;
  table: PgTable;
  input: I;
  /** Query parameter -> column compared by equality. */
  filters: Record<string, string>;
  searchable: string[];
  sortable: string[];
  defaultSort: string;
  read: PermissionKey;
  write: PermissionKey;
  /** Checks an input (400s) and may return normalised values to save. */
  validate: (
    tx: Tx,
    request: FastifyRequest,
    input: z.infer<I>,
  ) => Promise<Record<string, unknown> | undefined>;
  /** Constraint name -> field for 409s. */
  uniqueFields?: Record<string, string>;
  present?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** false when the module serves its own list route. */
  list?: boolean;
  /** OpenAPI tags (default: registry). */
  tags?: string[];
}

/** List, get, create, update and hard delete of a small registry table, each write in the change log. */
export function registerSimpleCrud<I extends z.ZodObject>(app: FastifyInstance, spec: SimpleCrud<I>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = spec.tags ?? registryTags;
  const { db } = app.deps.database;
  const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
  const col = (n: string) => columns[n] as PgColumn;
  const base = `/api/${spec.path}`;
  const present = spec.present ?? ((row) => row);
  const mapError = (err: unknown) => fromDatabaseError(err, (c) => spec.uniqueFields?.[c]);
  const byId = (id: string, enterpriseId: string) =>
    and(eq(col('id'), id), eq(col('enterprise_id'), enterpriseId));
  const filterShape = Object.fromEntries(
    Object.keys(spec.filters).map((p) => [p, z.string().trim().max(200).optional()]),
  );

  if (spec.list !== false)
    r.get(base, {
      config: { access: spec.read },
      schema: { tags, summary: `List ${spec.singular}s`, querystring: listQuery.extend(filterShape) },
      handler: async (request) => {
        const q = request.query as z.infer<typeof listQuery> & Record<string, string | undefined>;
        const sortBy = spec.sortable.find(
          (f) => f.toLowerCase() === (q.sortBy ?? spec.defaultSort).toLowerCase(),
        );
        if (!sortBy) throw badRequest({ sortBy: `sortBy must be one of: ${spec.sortable.join(', ')}` });
        const conditions: (SQL | undefined)[] = [eq(col('enterprise_id'), request.enterpriseId)];
        for (const [param, column] of Object.entries(spec.filters)) {
          const v = q[param];
          if (!v) continue;
          if (column.endsWith('_id') && !/^[0-9a-f-]{36}$/i.test(v))
            throw badRequest({ [param]: `${param} must be a valid id` });
          conditions.push(eq(col(column), v));
        }
        const search = q.search?.trim();
        if (search) conditions.push(or(...spec.searchable.map((f) => ilike(col(f), likeContains(search)))));
        const where = and(...conditions);
        const dir = q.reverse ? desc : asc;
        const [rows, [count]] = await Promise.all([
          db
            .select()
            .from(spec.table)
            .where(where)
            .orderBy(dir(sql`${col(sortBy)}`), asc(col('id')))
            .limit(q.numPerPage)
            .offset((q.currentPage - 1) * q.numPerPage),
          db.select({ total: countAll }).from(spec.table).where(where),
        ]);
        return pageOf(
          rows.map((row) => present(row as Record<string, unknown>)),
          count?.total ?? 0,
          q,
        );
      },
    });

  r.get(`${base}/:id`, {
    config: { access: spec.read },
    schema: { tags, summary: `One ${spec.singular}`, params: idParams },
    handler: async (request) => {
      const [row] = await db.select().from(spec.table).where(byId(request.params.id, request.enterpriseId));
      if (!row) throw notFound(spec.singular);
      return present(row as Record<string, unknown>);
    },
  });

  const body = z.object({ [spec.wrapper]: spec.input });
  const inputOf = (request: FastifyRequest) =>
    (request.body as Record<string, z.infer<I>>)[spec.wrapper] as z.infer<I>;

  r.post(base, {
    config: { access: spec.write },
    schema: { tags, summary: `Create a ${spec.singular}`, body },
    handler: async (request, reply) => {
      try {
        const row = await db.transaction(async (tx) => {
          const input = inputOf(request);
          const values = (await spec.validate(tx, request, input)) ?? input;
          const [created] = await tx
            .insert(spec.table)
            .values({ ...values, enterprise_id: request.enterpriseId })
            .returning();
          const c = created as Record<string, unknown> & { id: string };
          await recordChange(tx, actorOf(request), {
            entity: spec.entity,
            objectId: c.id,
            action: 'create',
            after: c,
          });
          return c;
        });
        return reply.status(201).send(present(row));
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.put(`${base}/:id`, {
    config: { access: spec.write },
    schema: { tags, summary: `Change a ${spec.singular}`, params: idParams, body },
    handler: async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(spec.table)
            .where(byId(request.params.id, request.enterpriseId))
            .for('update');
          if (!before) throw notFound(spec.singular);
          const input = inputOf(request);
          const values = (await spec.validate(tx, request, input)) ?? input;
          const [after] = await tx
            .update(spec.table)
            .set({ ...values, updated_at: new Date() })
            .where(byId(request.params.id, request.enterpriseId))
            .returning();
          await recordChange(tx, actorOf(request), {
            entity: spec.entity,
            objectId: request.params.id,
            action: 'update',
            before,
            after,
          });
          return present(after as Record<string, unknown>);
        });
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.delete(`${base}/:id`, {
    config: { access: spec.write },
    schema: { tags, summary: `Delete a ${spec.singular}`, params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .delete(spec.table)
          .where(byId(request.params.id, request.enterpriseId))
          .returning();
        if (!before) throw notFound(spec.singular);
        await recordChange(tx, actorOf(request), {
          entity: spec.entity,
          objectId: request.params.id,
          action: 'delete',
          before,
        });
      });
      return reply.status(204).send();
    },
  });
}
