import { licenseScheduledTaskLogs, licenseScheduledTasks } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markJobDone } from '../../platform/jobs/done-marker';
import { runScheduledTask } from './run-task';

export const TICK_QUEUE = 'license-scheduled-tasks-tick';

/**
 * Daily runs: a pg-boss cron job every minute (sent once in the cluster, on a singleton queue) runs each
 * active task whose begin time (server time, UTC here) has come and which has not run by schedule today.
 * The (task, day) done-marker is claimed before the run, so two processes never run a task twice a day.
 */
export async function runDueTasks(app: FastifyInstance, now = new Date()): Promise<number> {
  const { db } = app.deps.database;
  const time = now.toISOString().slice(11, 19);
  const day = now.toISOString().slice(0, 10);
  const due = await db
    .select()
    .from(licenseScheduledTasks)
    .where(
      and(
        eq(licenseScheduledTasks.active, true),
        sql`${licenseScheduledTasks.frequency_begin_time} <= ${time}`,
        sql`not exists (select 1 from ${licenseScheduledTaskLogs} l where l.license_scheduled_task_id = ${licenseScheduledTasks.id} and l.run_kind = 'schedule' and l.started_at >= ${day}::date)`,
      ),
    );
  let ran = 0;
  for (const task of due) {
    const claimed = await db.transaction((tx) =>
      markJobDone(tx, `scheduled-task:${task.id}:${day}`, TICK_QUEUE),
    );
    if (!claimed) continue;
    const log = await runScheduledTask(
      { db, jobs: app.deps.jobs, log: app.log.child({ part: 'scheduled-tasks' }) },
      task,
      'schedule',
      null,
    );
    app.log.info({ taskId: task.id, logId: log.id, selected: log.selected_count }, 'scheduled task ran');
    ran++;
  }
  return ran;
}

export async function registerDailyRuns(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  await jobs.createQueue(TICK_QUEUE, { policy: 'singleton', retryLimit: 1, expireInSeconds: 3600 });
  await jobs.work(TICK_QUEUE, async () => {
    await runDueTasks(app);
  });
  jobs.onStart(() => jobs.schedule(TICK_QUEUE, '* * * * *', {}));
}
