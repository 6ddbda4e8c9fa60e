import type { RouteAccess } from '@licensure/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BodyRefs } from '../../platform/resources/references';
import type { Row } from '../../platform/resources/types';
import type { createWriter } from '../../platform/resources/write';
import { saveBatch } from './save-batch';

const saved = z.object({ ids: z.array(z.uuid()) });

/**
 * `<base>/saveBatch` (POST: creates records without an id, updates those with one) and
 * `<base>/updateBatch` (PUT: every record has its id), both through saveBatch, answering the ids in
 * the order sent.
 */
export function batchSaveRoutes(
  app: FastifyInstance,
  options: {
    base: string;
    access: RouteAccess;
    tags: string[];
    /** The plural the summaries name ("inspections"). */
    noun: string;
    /** The body: `{ [listName]: rows }`. */
    listName: string;
    body: z.ZodType<Record<string, unknown>>;
    writer: ReturnType<typeof createWriter>;
    /** For saveBatch: the id of a record sent without one that is already stored (offline replays). */
    existingId?: (request: FastifyRequest) => (item: Row) => Promise<string | null>;
    saveNote?: string;
    /** The ids every item stores (the shared check, before the handler): see `itemRefs`. */
    refs?: BodyRefs;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, access, tags, noun, listName, body, writer } = options;
  r.post(`${base}/saveBatch`, {
    config: { access, refs: options.refs },
    schema: {
      tags,
      summary: `Save many ${noun} (create; update those with an id${options.saveNote ?? ''})`,
      body,
      response: { 200: saved },
    },
    handler: async (request) => ({
      ids: await saveBatch(writer, request, request.body[listName] as Row[], {
        requireId: false,
        listName,
        existingId: options.existingId?.(request),
      }),
    }),
  });
  r.put(`${base}/updateBatch`, {
    config: { access, refs: options.refs },
    schema: {
      tags,
      summary: `Update many ${noun} (each with its id)`,
      body,
      response: { 200: saved },
    },
    handler: async (request) => ({
      ids: await saveBatch(writer, request, request.body[listName] as Row[], { requireId: true, listName }),
    }),
  });
}
