import { booleanish, countResponse, listQuery, listResponse } from '@licensure/contracts';
import { Column, is } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createListStatements, type ListParams } from './list-statements';
import type { FilterSpec, Resource, Row } from './types';
import { createWriter } from './write';

export const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

const text = z.string().trim().max(200);

/**
 * How a filter parameter is read when its spec names no schema: by the column's type, so that
 * `?active=abc` on a boolean column or `?license_id=x` on a uuid column is a 400, never a database error.
 */
export function filterSchema(param: string, f: FilterSpec): z.ZodType {
  if (f.schema) return f.schema;
  if (!is(f.column, Column)) return text;
  switch (f.column.columnType) {
    case 'PgBoolean':
      return booleanish;
    case 'PgUUID':
      return z.uuid({ message: `${param} must be a valid id` });
    case 'PgInteger':
    case 'PgSmallInt':
      return z.coerce
        .number({ message: `${param} must be a whole number` })
        .int(`${param} must be a whole number`)
        .min(-2_147_483_648, `${param} is out of range`)
        .max(2_147_483_647, `${param} is out of range`);
    case 'PgDateString':
    case 'PgDate':
      return z.iso.date({ message: `${param} must be a date (YYYY-MM-DD)` });
    default:
      return text;
  }
}

/** The query (or POST body) of a resource's paged filter: paging, sort, search, letter, its filters. */
export function filterQuery(resource: Resource) {
  const shape: Record<string, z.ZodType> = {};
  for (const [param, f] of Object.entries(resource.filters ?? {}))
    shape[param] = filterSchema(param, f as FilterSpec).optional();
  if (resource.alpha) shape.alphaFilter = z.string().trim().max(1).optional();
  const withDeleted = resource.softDelete?.listParam;
  if (withDeleted) shape[withDeleted] = booleanish.optional();
  return listQuery.extend(shape);
}

const deleteQuery = z.object({ reason: z.string().trim().max(1000).optional() });
const deleteBody = z.object({ reason: z.string().trim().max(1000).optional() }).nullish();

/** A resource's routes from its definition. Route files call this; they hold no CRUD of their own. */
export function registerResource(app: FastifyInstance, resource: Resource): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const base = `/api/${resource.path}`;
  const tags = [...resource.tags];
  const on = (route: 'list' | 'get' | 'create' | 'update' | 'delete') => resource.routes?.[route] !== false;
  const lists = createListStatements(db, resource);
  const writer = createWriter(db, resource);
  const present = (row: Row) => (resource.present ? resource.present(row) : row);
  const expand = resource.hooks?.expand;
  const expanded = async (rows: Row[]) => (expand && rows.length > 0 ? expand(rows, db) : rows);
  const presentOne = async (row: Row) => present((await expanded([row]))[0] as Row);
  const query = filterQuery(resource);
  const output = resource.output;
  const page = async (request: FastifyRequest, q: ListParams) => {
    const p = await lists.page(request.enterpriseId, request.auth, q);
    return { ...p, items: (await expanded(p.items)).map(present) };
  };
  const count = async (request: FastifyRequest, q: ListParams) => ({
    count: await lists.count(request.enterpriseId, request.auth, q),
  });
  const what = resource.singular;
  const listAccess = resource.listRead ?? resource.read;
  app.resources.set(resource.path.toLowerCase(), resource);

  if (on('list')) {
    r.get(base, {
      config: { access: listAccess, resource: resource.path },
      schema: {
        tags,
        summary: `List ${what} records`,
        querystring: query,
        response: { 200: listResponse(output) },
      },
      handler: (request) => page(request, request.query as ListParams),
    });
    r.get(`${base}/getCount`, {
      config: { access: listAccess, resource: resource.path },
      schema: {
        tags,
        summary: `Count ${what} records`,
        querystring: query,
        response: { 200: countResponse },
      },
      handler: (request) => count(request, request.query as ListParams),
    });
    if (resource.filterRoutes) {
      r.post(`${base}/getFilter`, {
        config: { access: listAccess, resource: resource.path },
        schema: {
          tags,
          summary: `Page of ${what} records (filter in the body)`,
          body: query,
          response: { 200: listResponse(output) },
        },
        handler: (request) => page(request, request.body as ListParams),
      });
      r.post(`${base}/getCount`, {
        config: { access: listAccess, resource: resource.path },
        schema: {
          tags,
          summary: `Count ${what} records (filter in the body)`,
          body: query,
          response: { 200: countResponse },
        },
        handler: (request) => count(request, request.body as ListParams),
      });
    }
  }

  const brief = resource.brief;
  if (on('get'))
    r.get(`${base}/:id`, {
      config: { access: resource.read, resource: resource.path },
      schema: {
        tags,
        summary: brief ? `Get one ${what} (${brief.param}=true: the short form)` : `Get one ${what}`,
        params: idParams,
        ...(brief ? { querystring: z.object({ [brief.param]: booleanish.optional() }) } : {}),
        response: { 200: brief ? z.union([output, brief.output]) : output },
      },
      handler: async (request) => {
        const row = await writer.load(db, request, request.params.id);
        await resource.hooks?.afterRead?.(row, { request, db });
        const short = brief && (request.query as Record<string, unknown>)[brief.param] === true;
        return short ? brief.present(row) : presentOne(row);
      },
    });

  const write = resource.write;
  if (!write) return;
  const by = (route: 'create' | 'update' | 'delete') => resource.writeBy?.[route] ?? write;
  const wrapped = (schema: z.ZodObject) =>
    z.object({ [resource.wrapper]: schema.extend({ updated_at: z.string().max(64).optional() }) });
  const inputOf = (body: unknown) => ((body as Record<string, Row>)[resource.wrapper] ?? {}) as Row;
  const normalize = async (request: FastifyRequest) => {
    const input = (request.body as Record<string, unknown> | undefined)?.[resource.wrapper];
    if (resource.hooks?.normalize && input && typeof input === 'object' && !Array.isArray(input))
      resource.hooks.normalize(input as Row, request);
  };

  if (on('create'))
    r.post(base, {
      config: { access: by('create'), resource: resource.path },
      preValidation: normalize,
      schema: {
        tags,
        summary: `Create a ${what}`,
        body: z.object({ [resource.wrapper]: resource.input }),
        response: { 201: output },
      },
      handler: async (request, reply) => {
        const id = await writer.create(request, inputOf(request.body));
        return reply.status(201).send(await presentOne(await writer.load(db, request, id)));
      },
    });

  if (on('update'))
    r.put(`${base}/:id`, {
      config: { access: by('update'), resource: resource.path },
      preValidation: normalize,
      schema: {
        tags,
        summary: `Update a ${what}`,
        description:
          'Send updated_at as read to refuse the update (409) when someone else changed the record meanwhile.',
        params: idParams,
        body: wrapped(resource.patch ?? resource.input),
        response: { 200: output },
      },
      handler: async (request) => {
        await writer.update(request, request.params.id, inputOf(request.body));
        return presentOne(await writer.load(db, request, request.params.id));
      },
    });

  if (on('delete'))
    r.delete(`${base}/:id`, {
      config: { access: by('delete'), resource: resource.path },
      schema: {
        tags,
        summary: resource.softDelete ? `Delete a ${what} (kept, marked deleted)` : `Delete a ${what}`,
        description: resource.softDelete?.reason
          ? 'The reason (?reason= or a body {reason}) is required and kept.'
          : undefined,
        params: idParams,
        querystring: deleteQuery,
        body: deleteBody,
      },
      handler: async (request, reply) => {
        const reason = request.query.reason ?? request.body?.reason;
        await writer.remove(request, request.params.id, reason);
        return reply.status(204).send();
      },
    });

  for (const batch of resource.batch ?? [])
    r.post(`${base}/${batch.route}`, {
      config: { access: write, resource: resource.path },
      schema: {
        tags,
        summary: `Set ${batch.field} on many ${what} records`,
        body: z.object({
          [batch.ids]: z
            .array(z.uuid({ message: `${batch.ids} must hold valid ids` }))
            .min(1)
            .max(1000),
          [batch.value]: batch.schema,
        }),
        response: { 200: z.object({ updated: z.number().int() }) },
      },
      handler: async (request) => {
        const body = request.body as Record<string, unknown>;
        const updated = await writer.batch(request, batch, body[batch.ids] as string[], body[batch.value]);
        return { updated };
      },
    });
}
