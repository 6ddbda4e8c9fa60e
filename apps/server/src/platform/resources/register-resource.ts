import {
  countResponse,
  entitySchema,
  type FieldSpec,
  inputSchema,
  type ListQuery,
  listQuery,
  listResponse,
  patchSchema,
  type ResourceSpec,
} from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../audit/record-change';
import { AppError, fromDatabaseError, notFound } from '../http/errors';
import { createListQueries } from './list-query';

export interface ResourceHooks {
  /** Adjusts a create or update input before validation (e.g. clearing malformed ids). */
  normalize?: (input: Record<string, unknown>) => void;
  /**
   * Checks a create or update input (an update: only the fields sent) against the enterprise's data,
   * inside the write's transaction; throws a 400 naming the field.
   */
  validate?: (tx: Tx, input: Record<string, unknown>, enterpriseId: string) => Promise<void>;
}

const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

function filterSchema(spec: ResourceSpec) {
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const shape: Record<string, z.ZodType> = {};
  for (const [param, field] of Object.entries(spec.filters)) {
    const f: FieldSpec | undefined = byName.get(field);
    shape[param] =
      f?.kind === 'uuid' || field === 'enterprise_id'
        ? z.uuid({ message: `${param} must be a valid id` }).optional()
        : z.string().max(200).optional();
  }
  // The filters are dynamic; handlers read them through the Record side of the type.
  return listQuery.extend(shape) as unknown as z.ZodType<ListQuery & Record<string, unknown>>;
}

/**
 * Field named by a unique index `<key>_<fields>_key`: the last field of the set. PostgreSQL cuts
 * identifiers to 63 bytes, so long index names are compared as cut.
 */
function fieldOfConstraint(spec: ResourceSpec, constraint: string): string | undefined {
  const set = spec.unique.find((names) => `${spec.key}_${names.join('_')}_key`.slice(0, 63) === constraint);
  return set?.at(-1);
}

/**
 * Registers list, count, get, create, update and delete for a declarative resource. Every write runs
 * in one transaction with its change-log entry.
 */
export function registerResource(
  app: FastifyInstance,
  db: Db,
  spec: ResourceSpec,
  table: PgTable,
  hooks: ResourceHooks = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = columns.id as PgColumn;
  const tenantCol = columns.enterprise_id as PgColumn;
  const base = `/api/${spec.path}`;
  const tags = [spec.module];
  const entity = entitySchema(spec.fields);
  const lists = createListQueries(db, spec, table);
  const query = filterSchema(spec);
  const mapDbError = (err: unknown) => fromDatabaseError(err, (c) => fieldOfConstraint(spec, c));
  const byId = (id: string, enterpriseId: string) => and(eq(idCol, id), eq(tenantCol, enterpriseId));

  r.get(base, {
    config: { access: spec.read },
    schema: {
      tags,
      summary: `List ${spec.title.toLowerCase()}`,
      querystring: query,
      response: { 200: listResponse(entity) },
    },
    handler: async (request) => lists.page(request.enterpriseId, request.query),
  });

  r.get(`${base}/getCount`, {
    config: { access: spec.read },
    schema: {
      tags,
      summary: `Count ${spec.title.toLowerCase()}`,
      querystring: query,
      response: { 200: countResponse },
    },
    handler: async (request) => ({ count: await lists.count(request.enterpriseId, request.query) }),
  });

  r.get(`${base}/:id`, {
    config: { access: spec.read },
    schema: { tags, summary: `Get one ${spec.singular}`, params: idParams, response: { 200: entity } },
    handler: async (request) => {
      const [row] = await db.select().from(table).where(byId(request.params.id, request.enterpriseId));
      if (!row) throw notFound(spec.singular);
      return row;
    },
  });

  if (spec.readOnly) return;

  const normalize = (body: unknown) => {
    const input = (body as Record<string, unknown> | undefined)?.[spec.wrapper];
    if (hooks.normalize && input && typeof input === 'object')
      hooks.normalize(input as Record<string, unknown>);
  };

  r.post(base, {
    config: { access: spec.write },
    preValidation: async (request) => normalize(request.body),
    schema: {
      tags,
      summary: `Create a ${spec.singular}`,
      body: z.object({ [spec.wrapper]: inputSchema(spec.fields) }),
      response: { 201: entity },
    },
    handler: async (request, reply) => {
      const input = (request.body as Record<string, Record<string, unknown>>)[spec.wrapper];
      try {
        const row = await db.transaction(async (tx) => {
          await hooks.validate?.(tx, input ?? {}, request.enterpriseId);
          const [created] = await tx
            .insert(table)
            .values({ ...(input ?? {}), enterprise_id: request.enterpriseId })
            .returning();
          const c = created as { id: string };
          await recordChange(tx, actorOf(request), {
            entity: spec.key,
            objectId: c.id,
            action: 'create',
            after: created,
          });
          return c;
        });
        return reply.status(201).send(row);
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.put(`${base}/:id`, {
    config: { access: spec.write },
    preValidation: async (request) => normalize(request.body),
    schema: {
      tags,
      summary: `Update a ${spec.singular}`,
      description:
        'Send updated_at as read to refuse the update (409) when someone else changed the record meanwhile.',
      params: idParams,
      body: z.object({
        [spec.wrapper]: patchSchema(spec.fields).extend({ updated_at: z.string().optional() }),
      }),
      response: { 200: entity },
    },
    handler: async (request) => {
      const { updated_at: seen, ...input } =
        (request.body as Record<string, Record<string, unknown>>)[spec.wrapper] ?? {};
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(table)
            .where(byId(request.params.id, request.enterpriseId))
            .for('update');
          if (!before) throw notFound(spec.singular);
          const b = before as { updated_at: Date };
          if (typeof seen === 'string' && new Date(seen).getTime() !== b.updated_at.getTime()) {
            throw new AppError(
              'conflict',
              `This ${spec.singular} was changed by someone else. Reload it and try again.`,
            );
          }
          await hooks.validate?.(tx, input, request.enterpriseId);
          const [after] = await tx
            .update(table)
            .set({ ...input, updated_at: new Date() })
            .where(byId(request.params.id, request.enterpriseId))
            .returning();
          await recordChange(tx, actorOf(request), {
            entity: spec.key,
            objectId: request.params.id,
            action: 'update',
            before,
            after,
          });
          return after;
        });
      } catch (err) {
        throw mapDbError(err);
      }
    },
  });

  r.delete(`${base}/:id`, {
    config: { access: spec.write },
    schema: { tags, summary: `Delete a ${spec.singular}`, params: idParams },
    handler: async (request, reply) => {
      try {
        await db.transaction(async (tx) => {
          const [before] = await tx
            .delete(table)
            .where(byId(request.params.id, request.enterpriseId))
            .returning();
          if (!before) throw notFound(spec.singular);
          await recordChange(tx, actorOf(request), {
            entity: spec.key,
            objectId: request.params.id,
            action: 'delete',
            before,
          });
        });
      } catch (err) {
        throw mapDbError(err);
      }
      return reply.status(204).send();
    },
  });
}
