import { correspondenceMessages } from '@licensure/contracts';
import { correspondenceRecipients, correspondences, type Tx } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { SEND_QUEUE, type SendJob } from './queue-correspondence';
import { refreshProgress } from './send-correspondence';

/**
 * Queues the failed messages of a send again and enqueues a new sending job, in the caller's
 * transaction. Answers how many messages go out again; none failed is a 409.
 */
export async function retryCorrespondence(
  tx: Tx,
  input: { enterpriseId: string; correspondenceId: string; actorId: string | null },
  jobs: Pick<JobQueue, 'send'>,
): Promise<number> {
  const [send] = await tx
    .select()
    .from(correspondences)
    .where(
      and(
        eq(correspondences.id, input.correspondenceId),
        eq(correspondences.enterprise_id, input.enterpriseId),
      ),
    )
    .for('update');
  if (!send) throw notFound('correspondence');
  const again = await tx
    .update(correspondenceRecipients)
    .set({ status: 'queued', updated_at: new Date() })
    .where(
      and(
        eq(correspondenceRecipients.correspondence_id, send.id),
        eq(correspondenceRecipients.status, 'failed'),
      ),
    )
    .returning({ id: correspondenceRecipients.id });
  if (again.length === 0) throw new AppError('conflict', correspondenceMessages.nothingToRetry);
  await refreshProgress(tx, send.id);
  const [after] = await tx.select().from(correspondences).where(eq(correspondences.id, send.id));
  await recordChange(
    tx,
    { userId: input.actorId, enterpriseId: input.enterpriseId },
    { entity: 'correspondences', objectId: send.id, action: 'update', before: send, after },
  );
  const job: SendJob = { correspondenceId: send.id, enterpriseId: input.enterpriseId };
  await jobs.send(SEND_QUEUE, job, { tx });
  return again.length;
}
