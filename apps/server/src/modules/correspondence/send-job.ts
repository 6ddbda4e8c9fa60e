import type { FastifyInstance } from 'fastify';
import { SEND_QUEUE, type SendJob } from './queue-correspondence';
import { runSendJob } from './send-correspondence';

/** Sends run as jobs: retried when an attempt throws, one job a send (its id is the send's id). */
export async function registerSendJob(app: FastifyInstance): Promise<void> {
  const { jobs, files, database, config } = app.deps;
  await jobs.createQueue(SEND_QUEUE, {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 3600,
  });
  await jobs.work<SendJob>(
    SEND_QUEUE,
    (data, job) =>
      runSendJob(
        { database, files, mail: config, log: app.log.child({ queue: SEND_QUEUE, jobId: job.id }) },
        data,
      ),
    { concurrency: 2 },
  );
}
