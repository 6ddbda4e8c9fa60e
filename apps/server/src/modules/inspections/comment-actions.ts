import { type Db, ipComments } from '@licensure/db';
import { and, eq, not } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';

/** PUT IPComment/{id}/resolve (marks it resolved, by whom and when) and /toggleShowOnPdf. */
export async function changeComment(
  db: Db,
  request: FastifyRequest,
  id: string,
  action: 'resolve' | 'toggle',
) {
  return db.transaction(async (tx) => {
    const where = and(eq(ipComments.id, id), eq(ipComments.enterprise_id, request.enterpriseId));
    const [before] = await tx.select().from(ipComments).where(where).for('update');
    if (!before) throw notFound('comment');
    const now = new Date();
    const set =
      action === 'resolve'
        ? before.resolved
          ? {}
          : { resolved: true, resolved_at: now, resolved_by: request.auth?.userId ?? null }
        : { show_on_pdf: not(ipComments.show_on_pdf) };
    const [after] = await tx
      .update(ipComments)
      .set({ ...set, updated_at: now })
      .where(where)
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'ip_comments',
      objectId: id,
      action: 'update',
      before,
      after,
    });
    return after!;
  });
}
