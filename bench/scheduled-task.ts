/**
 * Benchmark of a licence scheduled task's run (issue 12): a task selecting from 2M credentials and
 * creating alerts for the 100k it selects must complete in 30 s or less on this 2-core machine. The run
 * is the server's own runScheduledTask (set-based SQL: one INSERT ... SELECT for the alerts and their
 * change log rows), on a PostgreSQL database made for the run. Before the timed run it prints the plan of
 * the create-alerts statement (EXPLAIN) and fails on a plan that reads a table once per selected row
 * (bench/tasks/plan-check.ts): issue 29 found a nested-loop anti-join with a sequential scan of `alerts`
 * per credential (238-261 s). Figures: bench/README.md.
 *
 *   cd /work/main && npx tsx bench/scheduled-task.ts
 *   BENCH_TOTAL=2000000 BENCH_SELECTED=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DB_NAME (licensure_bench_tasks) names the database made for the run.
 *   BENCH_KEEP=1 keeps the generated database, and a kept one is reused (generating 2M rows takes minutes).
 *   BENCH_BEFORE=1 also runs the statement as it was before issue 29 (a `not exists` anti-join), with
 *   EXPLAIN ANALYZE in a transaction rolled back, on the same data just before the timed run.
 */
import { performance } from 'node:perf_hooks';
import {
  certifications,
  createEnterprise,
  type Database,
  licenseScheduledTasks,
  openPostgres,
  referenceTables,
} from '@licensure/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { enterpriseToday } from '../apps/server/src/modules/licensing/rule-routes';
import { formatDate } from '../apps/server/src/modules/licensing/rules/relative-date';
import {
  createAlertsSql,
  retireAlertsSql,
  runScheduledTask,
  type TaskAlert,
} from '../apps/server/src/modules/scheduled-tasks/run-task';
import { selection, type TaskRow } from '../apps/server/src/modules/scheduled-tasks/selection';
import { rowsOf } from '../apps/server/src/modules/triggers/rows';
import { createJobQueue } from '../apps/server/src/platform/jobs/job-queue';
import { type PlanNode, perRowScans, planText } from './tasks/plan-check';

const BENCH_DB = process.env.BENCH_DB_NAME || 'licensure_bench_tasks';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('BENCH_DB_NAME: lower-case letters, digits and _');
const total = Number(process.env.BENCH_TOTAL ?? 2_000_000);
const selected = Number(process.env.BENCH_SELECTED ?? 100_000);
const keep = process.env.BENCH_KEEP === '1';
const before = process.env.BENCH_BEFORE === '1';
const budgetSeconds = 30;
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
})();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const log = pino({ level: 'warn' });
const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1));

/** `total` credentials held by total/10 people; every (total/selected)th is active and expires within 60 days. */
async function generate(db: Database['db'], enterpriseId: string, active: string) {
  const started = performance.now();
  const other = crypto.randomUUID();
  const people = Math.max(1, Math.floor(total / 10));
  const every = Math.max(1, Math.floor(total / selected));
  await db.execute(sql`
    insert into users (enterprise_id, user_name, first_name, last_name)
    select ${enterpriseId}::uuid, 'bench' || g, 'Bench', 'Person ' || g from generate_series(1, ${people}::int) g`);
  await db.execute(sql`
    with holders as (select id, row_number() over () as n from users where enterprise_id = ${enterpriseId}::uuid)
    insert into certifications (enterprise_id, user_id, number, certification_status_id, status, expiration_date)
    select ${enterpriseId}::uuid, h.id, 'B-' || g,
      case when g % ${every}::int = 0 then ${active}::uuid else ${other}::uuid end, 'active',
      case when g % ${every}::int = 0 then current_date + (g % 60)::int else current_date + 100 + (g % 600)::int end
    from generate_series(1, ${total}::int) g join holders h on h.n = 1 + (g % ${people}::int)`);
  console.log(`Generated ${total} credentials (${people} people) in ${seconds(started)} s`);
}

/** The create-alerts statement as it was before issue 29: a `not exists` anti-join (BENCH_BEFORE=1). */
function createAlertsSqlBefore(task: TaskRow, today: string, alert: TaskAlert, runBy: string | null) {
  const c = certifications;
  return sql`
    with ins as (
      insert into alerts (enterprise_id, alert_type_id, user_id, service_id, vehicle_id, certification_id,
        value, source, created_by)
      select ${c.enterprise_id}, ${alert.alert_type_id}::uuid, ${c.user_id}, ${c.service_id}, ${c.vehicle_id},
        ${c.id}, ${alert.value}, 'task', ${runBy}::uuid
      from ${c}
      where ${selection(task, today)}
        and not exists (
          select 1 from alerts a
          where a.enterprise_id = ${c.enterprise_id} and a.retired_at is null
            and a.alert_type_id = ${alert.alert_type_id}::uuid and a.certification_id = ${c.id}
            and a.license_request_id is null)
      returning *),
    logged as (
      insert into data_change_log (enterprise_id, user_id, entity, object_id, action, after)
      select ins.enterprise_id, ins.created_by, 'alerts', ins.id, 'create', to_jsonb(ins) from ins)
    select count(*)::int as n from ins`;
}

/** EXPLAIN (FORMAT JSON) of a statement, ANALYZE'd in a transaction that is rolled back when asked. */
async function explainJson(db: Database['db'], statement: SQL, analyze: boolean) {
  let root: PlanNode | undefined;
  let executionMs: number | undefined;
  await db
    .transaction(async (tx) => {
      const [row] = rowsOf<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time'?: number }[] }>(
        await tx.execute(sql`explain (${sql.raw(analyze ? 'analyze, ' : '')}format json) ${statement}`),
      );
      root = row!['QUERY PLAN'][0]!.Plan;
      executionMs = row!['QUERY PLAN'][0]!['Execution Time'];
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.message === 'Rollback')) throw err;
    });
  return { root: root!, executionMs, perRow: perRowScans(root!) };
}

function showPlan(title: string, plan: { root: PlanNode; executionMs?: number; perRow: string[] }) {
  console.log(
    `\n${title}${plan.executionMs !== undefined ? ` (executed in ${(plan.executionMs / 1000).toFixed(1)} s)` : ''}:`,
  );
  console.log(planText(plan.root));
  console.log(
    plan.perRow.length ? `  per-row reads: ${plan.perRow.join('; ')}` : '  no per-row sequential read',
  );
}

async function main() {
  const exists = await admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount === 1,
  );
  const reuse = keep && exists;
  if (!reuse) {
    await admin((c) => c.query(`drop database if exists ${BENCH_DB}`));
    await admin((c) => c.query(`create database ${BENCH_DB}`));
  }
  const database = openPostgres(benchUrl, 4);
  try {
    await database.migrate();
    const { db } = database;
    let enterpriseId: string;
    let active: string;
    if (reuse) {
      // The kept credentials: start again from no alerts and no tasks.
      await db.execute(sql`delete from alerts`);
      await db.execute(sql`delete from data_change_log where entity = 'alerts'`);
      await db.execute(sql`delete from license_scheduled_tasks`);
      const [row] = rowsOf<{ enterprise_id: string; status: string }>(
        await db.execute(sql`
          select enterprise_id, certification_status_id as status from certifications
          where expiration_date <= current_date + 60 limit 1`),
      );
      enterpriseId = row!.enterprise_id;
      active = row!.status;
      console.log('Reusing the kept credentials');
    } else {
      const enterprise = await db.transaction((tx) =>
        createEnterprise(tx, { name: 'Bench EMS', abbreviation: 'BE' }),
      );
      enterpriseId = enterprise.id;
      active = crypto.randomUUID();
      await generate(db, enterpriseId, active);
    }
    // A freshly bulk-loaded table: the first read would also write every page's hint bits, which a table
    // in service has long done; vacuum does it (and refreshes the statistics) before the timed run.
    await db.execute(sql`vacuum analyze`);
    const [alertType] = await db
      .select({ id: referenceTables.alert_types.id })
      .from(referenceTables.alert_types)
      .where(and(eq(referenceTables.alert_types.enterprise_id, enterpriseId)));
    const [task] = await db
      .insert(licenseScheduledTasks)
      .values({
        enterprise_id: enterpriseId,
        name: 'Renewal reminders',
        expires_within_days: 60,
        certification_status_ids: [active],
        create_alerts: [{ alert_type_id: alertType!.id, value: 'Your credential expires within 60 days' }],
      })
      .returning();
    const deps = { db, jobs: createJobQueue(database, log), log };
    const today = formatDate(await enterpriseToday(db, enterpriseId));
    const alert = (task!.create_alerts as TaskAlert[])[0]!;

    if (before) {
      const old = await explainJson(db, createAlertsSqlBefore(task!, today, alert, null), true);
      showPlan('Before issue 29 (not exists), EXPLAIN ANALYZE, rolled back', old);
    }
    const plan = await explainJson(db, createAlertsSql(task!, today, alert, null), false);
    showPlan('Create-alerts plan (EXPLAIN, no alerts yet)', plan);

    let started = performance.now();
    const first = await runScheduledTask(deps, task!, 'manual', null);
    const firstSeconds = seconds(started);
    started = performance.now();
    const second = await runScheduledTask(deps, task!, 'manual', null);
    const secondSeconds = seconds(started);

    console.log(
      `Run 1: selected ${first.selected_count} of ${total}, created ${first.alerts_created} alerts in ${firstSeconds} s (budget ${budgetSeconds} s)`,
    );
    console.log(
      `Run 2 (same day): selected ${second.selected_count}, created ${second.alerts_created} alerts in ${secondSeconds} s`,
    );
    if (first.errors.length) console.log('Errors:', first.errors);
    // The same statements once the alerts exist (what tomorrow's run plans), and the retire statement.
    const again = await explainJson(db, createAlertsSql(task!, today, alert, null), false);
    showPlan('Create-alerts plan (EXPLAIN, with the alerts of run 1)', again);
    const retire = await explainJson(
      db,
      retireAlertsSql(task!, today, { alert_type_id: alert.alert_type_id }, null),
      false,
    );
    showPlan('Retire-alerts plan (EXPLAIN, with the alerts of run 1)', retire);
    const perRow = [...plan.perRow, ...again.perRow, ...retire.perRow];
    if (perRow.length) console.log(`FAIL: a plan reads per row: ${perRow.join('; ')}`);
    const ok =
      first.alerts_created === selected &&
      second.alerts_created === 0 &&
      firstSeconds <= budgetSeconds &&
      perRow.length === 0;
    console.log(ok ? 'PASS' : 'FAIL');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
    if (!keep) await admin((c) => c.query(`drop database if exists ${BENCH_DB}`));
  }
}

await main();
