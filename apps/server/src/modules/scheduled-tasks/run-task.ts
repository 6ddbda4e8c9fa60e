import type { LicenseScheduledTaskLogOutput } from '@licensure/contracts';
import { certifications, type Db, licenseScheduledTaskLogs, licenseScheduledTasks } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enterpriseToday } from '../licensing/rule-routes';
import { formatDate } from '../licensing/rules/relative-date';
import { rowsOf } from '../triggers/rows';
import { selection, type TaskRow } from './selection';
import { sendTaskLetters } from './task-letters';

export interface RunDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

const c = certifications;

export type TaskAlert = { alert_type_id: string; value: string };
export type TaskRetire = { alert_type_id: string };

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;

/**
 * Creates the task's alerts on every credential it selects, in one statement: an alert on the holder about
 * the credential, unless one of that type is open already (so tomorrow's run does not repeat it), with
 * its change log rows written by the same statement.
 *
 * The credentials still without such an alert are a set difference (`except`), which PostgreSQL can only
 * run as a hash or a sort of both sides, each read once and wholly before the first row is inserted. A
 * `not exists` anti-join was turned into a nested loop with a sequential scan of `alerts` per selected
 * credential whenever `alerts` was estimated small (empty before a first run, or just vacuumed): each probe
 * also read the rows the statement had inserted so far, 100,000 credentials x 50,000 rows (issue 29).
 */
export function createAlertsSql(task: TaskRow, today: string, alert: TaskAlert, runBy: string | null) {
  return sql`
    with todo as (
      select ${c.id} as id from ${c} where ${selection(task, today)}
      except
      select a.certification_id from alerts a
      where a.enterprise_id = ${task.enterprise_id}::uuid and a.retired_at is null
        and a.alert_type_id = ${alert.alert_type_id}::uuid and a.license_request_id is null
        and a.certification_id is not null),
    ins as (
      insert into alerts (enterprise_id, alert_type_id, user_id, service_id, vehicle_id, certification_id,
        value, source, created_by)
      select ${c.enterprise_id}, ${alert.alert_type_id}::uuid, ${c.user_id}, ${c.service_id}, ${c.vehicle_id},
        ${c.id}, ${alert.value}, 'task', ${runBy}::uuid
      from todo join ${c} on ${c.id} = todo.id
      returning *),
    logged as (
      insert into data_change_log (enterprise_id, user_id, entity, object_id, action, after)
      select ins.enterprise_id, ins.created_by, 'alerts', ins.id, 'create', to_jsonb(ins) from ins)
    select count(*)::int as n from ins`;
}

/** Retires the open alerts of a type on the credentials the task selects, with their change log rows. */
export function retireAlertsSql(task: TaskRow, today: string, retire: TaskRetire, runBy: string | null) {
  return sql`
    with upd as (
      update alerts a set retired_at = now(), retired_by = ${runBy}::uuid, updated_at = now()
      where a.enterprise_id = ${task.enterprise_id}::uuid and a.retired_at is null
        and a.alert_type_id = ${retire.alert_type_id}::uuid
        and a.certification_id in (select ${c.id} from ${c} where ${selection(task, today)})
      returning a.*),
    logged as (
      insert into data_change_log (enterprise_id, user_id, entity, object_id, action, after)
      select upd.enterprise_id, upd.retired_by, 'alerts', upd.id, 'update', to_jsonb(upd) from upd)
    select count(*)::int as n from upd`;
}

/**
 * Runs a scheduled task now and logs the run: how many credentials it selected, alerts created and
 * retired, letters queued, and each error. Alerts are set-based SQL (a run over millions of credentials
 * is a few statements); letters go one a holder through correspondence, keyed so a second run on the
 * same day sends none again.
 */
export async function runScheduledTask(
  deps: RunDeps,
  task: TaskRow,
  kind: 'schedule' | 'manual',
  runBy: string | null,
): Promise<LicenseScheduledTaskLogOutput> {
  const { db } = deps;
  const today = formatDate(await enterpriseToday(db, task.enterprise_id));
  const [log] = await db
    .insert(licenseScheduledTaskLogs)
    .values({
      enterprise_id: task.enterprise_id,
      license_scheduled_task_id: task.id,
      run_kind: kind,
      run_by: runBy,
    })
    .returning();
  const counts = { selected_count: 0, alerts_created: 0, alerts_retired: 0, letters_queued: 0 };
  const errors: string[] = [];
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      deps.log.warn({ err, taskId: task.id, what }, 'scheduled task step failed');
      errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  await attempt('Selecting credentials', async () => {
    counts.selected_count = await count(
      db,
      sql`select count(*)::int as n from ${c} where ${selection(task, today)}`,
    );
  });
  for (const retire of task.retire_alerts as TaskRetire[])
    await attempt('Retiring alerts', async () => {
      counts.alerts_retired += await db.transaction((tx) =>
        tx
          .execute(retireAlertsSql(task, today, retire, runBy))
          .then((r) => rowsOf<{ n: number }>(r)[0]?.n ?? 0),
      );
    });
  for (const alert of task.create_alerts as TaskAlert[])
    await attempt('Creating alerts', async () => {
      counts.alerts_created += await db.transaction((tx) =>
        tx
          .execute(createAlertsSql(task, today, alert, runBy))
          .then((r) => rowsOf<{ n: number }>(r)[0]?.n ?? 0),
      );
    });
  if (task.merge_template_ids.length > 0)
    await attempt('Sending letters', async () => {
      const sent = await sendTaskLetters(deps, task, today, runBy);
      counts.letters_queued += sent.queued;
      errors.push(...sent.errors);
    });
  const [done] = await db
    .update(licenseScheduledTaskLogs)
    .set({
      ...counts,
      errors: errors.slice(0, 100),
      status: errors.length ? 'failed' : 'done',
      finished_at: new Date(),
    })
    .where(eq(licenseScheduledTaskLogs.id, log!.id))
    .returning();
  await db
    .update(licenseScheduledTasks)
    .set({ last_run_at: new Date() })
    .where(eq(licenseScheduledTasks.id, task.id));
  return {
    ...done!,
    task_name: task.name,
    started_at: done!.started_at.toISOString(),
    finished_at: done!.finished_at?.toISOString() ?? null,
  };
}
