import { ipChecklists } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import type { Row } from '../../platform/resources/types';
import type { createWriter } from '../../platform/resources/write';

type Writer = ReturnType<typeof createWriter>;

/**
 * saveBatch and updateBatch: each record through the engine's write path in turn (checks, change log,
 * events), answered in the order sent. saveBatch creates the records without an id and updates those
 * with one; updateBatch needs every id. A record that fails stops the batch with its error, naming its
 * place; those before it stay saved (each is its own transaction, as when saved one by one offline).
 */
export async function saveBatch(
  writer: Writer,
  request: FastifyRequest,
  items: Row[],
  options: { requireId: boolean; listName: string; existingId?: (item: Row) => Promise<string | null> },
): Promise<string[]> {
  if (options.requireId) {
    const at = items.findIndex((i) => !i.id);
    if (at >= 0)
      throw badRequest({ [`${options.listName}.${at}.id`]: 'updateBatch needs the id of every record.' });
  }
  const ids: string[] = [];
  for (const item of items) {
    const { id, ...input } = item;
    const existing = id ? String(id) : ((await options.existingId?.(item)) ?? null);
    if (existing) {
      await writer.update(request, existing, input);
      ids.push(existing);
    } else ids.push(await writer.create(request, input));
  }
  return ids;
}

/** A checklist uploaded again from a device (same client_id) updates the one already saved. */
export const checklistByClientId = (request: FastifyRequest) => async (item: Row) => {
  if (!item.client_id) return null;
  const [row] = await request.server.deps.database.db
    .select({ id: ipChecklists.id })
    .from(ipChecklists)
    .where(
      and(
        eq(ipChecklists.enterprise_id, request.enterpriseId),
        eq(ipChecklists.client_id, String(item.client_id)),
      ),
    );
  return row?.id ?? null;
};
