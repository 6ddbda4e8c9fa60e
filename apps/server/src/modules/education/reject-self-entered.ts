import { resourceEvent } from '@licensure/contracts';
import { type Db, trainings, users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { notFound } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueCorrespondence } from '../correspondence/queue-correspondence';
import { escapeHtml } from '../merge/merge-html';

/**
 * Staff do not accept a course a person entered themselves: it is withdrawn (soft-deleted with the
 * reason, so it no longer waits for verification and never credits hours) and the person is written
 * to with the reason, in one transaction (the letter is queued only if the rejection commits). A course
 * already verified or rejected, or not self-entered, is not found among those waiting.
 */
export async function rejectSelfEnteredCourse(
  db: Db,
  jobs: Pick<JobQueue, 'send' | 'start'>,
  request: FastifyRequest,
  trainingId: string,
  reason: string,
) {
  const enterpriseId = request.enterpriseId;
  // On PGlite a transaction holds the only connection: the queue must be running before it opens.
  await jobs.start();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(trainings)
      .where(
        and(
          eq(trainings.id, trainingId),
          eq(trainings.enterprise_id, enterpriseId),
          eq(trainings.self_entered, true),
          eq(trainings.verified, false),
          isNull(trainings.deleted_at),
        ),
      )
      .for('update');
    if (!before?.entered_by) throw notFound('course awaiting verification');
    const [after] = await tx
      .update(trainings)
      .set({ deleted_at: new Date(), delete_reason: reason, updated_at: new Date() })
      .where(eq(trainings.id, trainingId))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'trainings',
      objectId: trainingId,
      action: 'delete',
      before,
      after,
    });
    await recordEvent(tx, {
      enterpriseId,
      name: resourceEvent('trainings', 'deleted'),
      entity: 'trainings',
      objectId: trainingId,
      actorId: request.auth?.userId ?? null,
    });
    const [person] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, before.entered_by), eq(users.enterprise_id, enterpriseId)));
    if (!person?.email) return { training_id: trainingId, notified: false };
    const course = escapeHtml(before.name);
    await queueCorrespondence(
      tx,
      {
        enterpriseId,
        to: [before.entered_by],
        subject: `Your course "${before.name}" was not accepted`,
        message: `<p>The course <strong>${course}</strong> you entered was not accepted, so its hours do not count toward your renewal.</p><p>Reason: ${escapeHtml(reason)}</p><p>You may enter it again with the right certificate.</p>`,
        initiatedById: request.auth?.userId ?? null,
        idempotencyKey: `course-rejected:${trainingId}`,
      },
      jobs,
    );
    return { training_id: trainingId, notified: true };
  });
}
