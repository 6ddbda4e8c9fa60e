import { countResponse, listQuery, listResponse } from '@licensure/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createListStatements, type ListParams } from './list-statements';
import type { FilterSpec, Resource, Row } from './types';
import { createWriter } from './write';

export const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

const text = z.string().trim().max(200);

/** The query (or POST body) of a resource's paged filter: paging, sort, search, letter, its filters. */
export function filterQuery(resource: Resource) {
  const shape: Record<string, z.ZodType> = {};
  for (const [param, f] of Object.entries(resource.filters ?? {}))
    shape[param] = (f as FilterSpec).schema?.optional() ?? text.optional();
  if (resource.alpha) shape.alphaFilter = z.string().trim().max(1).optional();
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
  const query = filterQuery(resource);
  const output = resource.output;
  const page = (request: FastifyRequest, q: ListParams) =>
    lists.page(request.enterpriseId, request.auth, q).then((p) => ({ ...p, items: p.items.map(present) }));
  const count = async (request: FastifyRequest, q: ListParams) => ({
    count: await lists.count(request.enterpriseId, request.auth, q),
  });
  const what = resource.singular;

  if (on('list')) {
    r.get(base, {
      config: { access: resource.read, resource: resource.path },
      schema: {
        tags,
        summary: `List ${what} records`,
        querystring: query,
        response: { 200: listResponse(output) },
      },
      handler: (request) => page(request, request.query as ListParams),
    });
    r.get(`${base}/getCount`, {
      config: { access: resource.read, resource: resource.path },
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
        config: { access: resource.read, resource: resource.path },
        schema: {
          tags,
          summary: `Page of ${what} records (filter in the body)`,
          body: query,
          response: { 200: listResponse(output) },
        },
        handler: (request) => page(request, request.body as ListParams),
      });
      r.post(`${base}/getCount`, {
        config: { access: resource.read, resource: resource.path },
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

  if (on('get'))
    r.get(`${base}/:id`, {
      config: { access: resource.read, resource: resource.path },
      schema: { tags, summary: `Get one ${what}`, params: idParams, response: { 200: output } },
      handler: async (request) => present(await writer.load(db, request, request.params.id)),
    });

  const write = resource.write;
  if (!write) return;
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
      config: { access: write, resource: resource.path },
      preValidation: normalize,
      schema: {
        tags,
        summary: `Create a ${what}`,
        body: z.object({ [resource.wrapper]: resource.input }),
        response: { 201: output },
      },
      handler: async (request, reply) => {
        const id = await writer.create(request, inputOf(request.body));
        return reply.status(201).send(present(await writer.load(db, request, id)));
      },
    });

  if (on('update'))
    r.put(`${base}/:id`, {
      config: { access: write, resource: resource.path },
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
        return present(await writer.load(db, request, request.params.id));
      },
    });

  if (on('delete'))
    r.delete(`${base}/:id`, {
      config: { access: write, resource: resource.path },
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
