/**
 * Benchmark of the office dashboard's figures at state scale (issue 30 item 2): each figure of
 * GET /api/insight/figures/{figure}, over the default period (the year up to today), p95 of BENCH_RUNS
 * runs after a warm-up, target <= 200 ms each. Data: the scale registry (1M people, 2M credentials,
 * bench/generate-registry.ts) plus two years of the office's work (bench/dashboard-data.ts).
 *
 *   cd /work/main && npx tsx bench/dashboard-figures.ts     (BENCH_SCALE=0.05 for a quick run)
 *
 * The database is BENCH_SCALE_DB (default dev_insight_scale). Figures are computed by the server's own
 * code (computeFigure) in this process on a PostgreSQL pool, as the route does; BENCH_HTTP=1 also
 * times them through the HTTP route with the admin's session. Exits 1 when a figure is over budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

process.env.BENCH_SCALE_DB ||= 'dev_insight_scale';
const { openPostgres } = await import('@licensure/db');
const pg = (await import('pg')).default;
const { sql } = await import('drizzle-orm');
const { ensureScaleDatabase, scaleSettings } = await import('./generate-registry');
const { dashboardCounts, generateDashboardData } = await import('./dashboard-data');
const { computeFigure, figures, periodOf } = await import('../apps/server/src/modules/insight/figures');
const { recordMissingRequestTimes } = await import('../apps/server/src/modules/insight/request-times');

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 200);

const settings = scaleSettings();
await ensureScaleDatabase(settings);

const client = new pg.Client({ connectionString: settings.url });
await client.connect();
const enterpriseId: string = (await client.query('select id from enterprises order by created_at limit 1'))
  .rows[0].id;
await client.query(
  'create table if not exists bench_dashboard_meta (scale numeric not null, counts jsonb not null, seconds numeric)',
);
const meta = await client.query('select scale from bench_dashboard_meta');
if (meta.rowCount === 0 || Number(meta.rows[0].scale) !== settings.scale) {
  if (meta.rowCount)
    throw new Error('the dashboard data of another scale is there: BENCH_RESET=1 to start over');
  const counts = dashboardCounts(settings.scale);
  const people = (await client.query('select (counts->>$1)::int as n from bench_meta', ['people'])).rows[0].n;
  console.log(`Generating the dashboard's data: ${JSON.stringify(counts)}`);
  const started = performance.now();
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('set synchronous_commit = off');
  await generateDashboardData(client, enterpriseId, people, counts);
  await client.query('insert into bench_dashboard_meta (scale, counts, seconds) values ($1, $2, $3)', [
    settings.scale,
    counts,
    (performance.now() - started) / 1000,
  ]);
}
await client.end();

const database = openPostgres(settings.url, 4);
const t0 = performance.now();
const added = await recordMissingRequestTimes(database.db);
if (added)
  console.log(
    `  processing times recorded for ${added} decisions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
for (const table of [
  'license_requests',
  'license_request_history',
  'insight_request_times',
  'transactions',
  'transaction_allocations',
  'ip_visits',
  'ip_inspections',
  'ip_inspection_deficiencies',
  'complaints',
  'investigations',
  'ex_sessions',
  'ex_results',
  'ce_audit_members',
])
  await database.db.execute(sql.raw(`analyze ${table}`));

const period = periodOf({});
const p = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const results: { figure: string; rows: number; p50: number; p95: number; max: number; pass: boolean }[] = [];
console.log(
  `\nFigures over ${period.from} .. ${period.to}, ${RUNS} runs each after ${WARMUP} warm-up (target p95 <= ${TARGET_MS} ms)`,
);
console.log('figure                 rows    p50 ms   p95 ms   max ms');
for (const f of figures) {
  let rows = 0;
  for (let i = 0; i < WARMUP; i++)
    rows = (await computeFigure(database.db, enterpriseId, f.id, period)).rows.length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await computeFigure(database.db, enterpriseId, f.id, period);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const r = {
    figure: f.id,
    rows,
    p50: p(times, 0.5),
    p95: p(times, 0.95),
    max: times[times.length - 1]!,
    pass: p(times, 0.95) <= TARGET_MS,
  };
  results.push(r);
  console.log(
    `${r.figure.padEnd(20)} ${String(rows).padStart(6)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}  ${r.pass ? 'PASS' : 'FAIL'}`,
  );
}
await database.close();
const failed = results.filter((r) => !r.pass);
mkdirSync(path.join(here, 'results'), { recursive: true });
const file = path.join(
  here,
  'results',
  `dashboard-figures-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(
  file,
  JSON.stringify({ scale: settings.scale, period, runs: RUNS, targetMs: TARGET_MS, results }, null, 2),
);
console.log(
  `\n${failed.length === 0 ? 'PASS' : `FAIL: ${failed.map((f) => f.figure).join(', ')}`} (results in ${path.relative(process.cwd(), file)})`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
