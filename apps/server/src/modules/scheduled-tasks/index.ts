import type { FastifyInstance } from 'fastify';
import { registerDailyRuns } from './daily-runs';
import { scheduledTaskRoutes } from './task-routes';

/** Licence scheduled tasks (catalog module licensing): daily runs on the job queue's cron. */
export async function scheduledTasksModule(app: FastifyInstance): Promise<void> {
  await scheduledTaskRoutes(app);
  await registerDailyRuns(app);
}
