import type { FastifyInstance } from 'fastify';
import { purgeExpiredSessions } from '../auth/session-store';
import { purgeStaleThrottles } from '../auth/sign-in-throttle';

/** The queue of the hourly purge of expired sessions and forgotten sign-in throttles. */
export const PURGE_QUEUE = 'maintenance-purge';

/** Deletes sessions expired for a day and sign-in throttles no longer counted. */
export async function purgeStaleRows(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  await purgeExpiredSessions(db);
  await purgeStaleThrottles(db);
}

/**
 * The purge runs on the job queue like the rest of the scheduled work: once an hour in the whole
 * cluster (pg-boss's cron), retried when it fails, rather than on a timer in every process.
 */
export async function registerMaintenanceJobs(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  await jobs.createQueue(PURGE_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 60 });
  await jobs.work(PURGE_QUEUE, async () => {
    await purgeStaleRows(app);
    app.log.info({ part: 'maintenance' }, 'expired sessions and stale sign-in throttles purged');
  });
  jobs.onStart(() => jobs.schedule(PURGE_QUEUE, '17 * * * *', {}));
}
