import { type Db, triggers } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { fireTrigger, logsByIds } from './fire';
import { loadSubject } from './subject';

/** triggers/fire: fires the trigger of this code on an object now; answers the firings it logged. */
export async function fireByHand(
  db: Db,
  jobs: JobQueue,
  request: FastifyRequest,
  body: { code: string; object_id: string },
) {
  const enterpriseId = request.enterpriseId;
  const [trigger] = await db
    .select()
    .from(triggers)
    .where(
      and(eq(triggers.enterprise_id, enterpriseId), eq(triggers.code, body.code), eq(triggers.active, true)),
    );
  if (!trigger) throw notFound('trigger');
  const subject = await loadSubject(db, enterpriseId, trigger.entity, body.object_id);
  if (!subject) throw notFound('object of the trigger');
  // Jobs are sent inside the transaction: the queue must run first (PGlite has one connection).
  await jobs.start();
  const ids = await db.transaction((tx) =>
    fireTrigger(tx, jobs, {
      enterpriseId,
      trigger,
      entity: trigger.entity,
      objectId: body.object_id,
      eventId: null,
      firedBy: request.auth?.userId ?? null,
    }),
  );
  return { trigger_id: trigger.id, logs: await logsByIds(db, ids) };
}
