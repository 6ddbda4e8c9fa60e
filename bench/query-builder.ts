/**
 * Benchmark of saved queries on the scale database (bench/generate-registry.ts: 1M people, 2M
 * certifications). Targets (issue 18): the first page of a query of people by certification level and
 * county in 200 ms or less (p95 of BENCH_RUNS runs, after a warm-up), and a 100,000-row XLSX export
 * streamed in 30 s or less, without the server holding the result (its memory is sampled meanwhile).
 *
 *   cd /work/main && npx tsx bench/query-builder.ts        (BENCH_SCALE=0.05 for a quick run)
 *
 * The server is our app as main.ts starts it in production (buildApp on PostgreSQL, logger off),
 * in this process, on 127.0.0.1; requests go through HTTP with the admin's session.
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '@licensure/db';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { ensureScaleDatabase, scaleSettings } from './generate-registry';

const HOST = '127.0.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const PAGE_TARGET_MS = 200;
const EXPORT_TARGET_S = 30;

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'admin', password: 'admin-demo-2026', isPortal: false }),
  });
  if (res.status !== 200) throw new Error(`sign-in as admin failed: ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-csrf-token': csrfToken };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function main() {
  const settings = scaleSettings();
  await ensureScaleDatabase(settings);
  const admin = new pg.Client({ connectionString: settings.url });
  await admin.connect();
  // The commonest county of people, and the date by which EXPORT_ROWS certifications have expired.
  const county = (
    await admin.query<{ name: string; n: string }>(
      `select c.name, count(*) as n from users u join geo_counties c on c.fips = u.county_fips
       where u.deleted_at is null group by c.name order by count(*) desc limit 1`,
    )
  ).rows[0]!;
  // The commonest certification level of people (the generator reuses the demo's levels: EMT alone at first).
  const level = (
    await admin.query<{ label: string }>(
      `select l.label from certifications c join certification_levels l on l.id = c.certification_level_id
       where c.user_id is not null group by l.label order by count(*) desc limit 1`,
    )
  ).rows[0]!.label;
  // Queries a previous, interrupted run left behind.
  await admin.query(`delete from saved_queries where name like 'Bench: %'`);
  const cutoff = (
    await admin.query<{ d: string }>(
      `select to_char(expiration_date, 'YYYY-MM-DD') as d from certifications
       where deleted_at is null and expiration_date is not null order by expiration_date offset $1 limit 1`,
      [EXPORT_ROWS - 1],
    )
  ).rows[0]!.d;
  const exportCount = Number(
    (
      await admin.query<{ n: string }>(
        'select count(*) as n from certifications where deleted_at is null and expiration_date <= $1::date',
        [cutoff],
      )
    ).rows[0]!.n,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: settings.url,
    LOG_LEVEL: 'silent',
    HOST,
    PORT: '0',
  });
  const database = openPostgres(settings.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: HOST });
  const base = `http://${HOST}:${(app.server.address() as { port: number }).port}`;
  try {
    const headers = { ...(await signIn(base)), 'content-type': 'application/json' };
    const save = async (query: unknown) => {
      const res = await fetch(`${base}/api/queries/save`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query }),
      });
      if (res.status !== 200) throw new Error(`save failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const pageQuery = await save({
      name: `Bench: ${level} in ${county.name}`,
      subject: 'people',
      query_column_values: [
        { field: 'people.last_name', sort_order: 0, sort: 'asc' },
        { field: 'people.first_name', sort_order: 1 },
        { field: 'people.county', sort_order: 2 },
        { field: 'people.certification_level', sort_order: 3 },
        { field: 'people.certification_expiration', sort_order: 4 },
      ],
      query_filter_values: [
        { field: 'people.certification_level', operator: '=', value: level },
        { field: 'people.county', operator: '=', value: county.name },
      ],
    });
    const times: number[] = [];
    let total = 0;
    let capped = false;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/queries/run/${pageQuery}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ page: 1, numPerPage: 25 }),
      });
      const body = (await res.json()) as { rows: unknown[]; total: number; total_capped: boolean };
      const ms = performance.now() - started;
      if (res.status !== 200 || body.rows.length === 0)
        throw new Error(`run failed: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 3) times.push(ms);
      total = body.total;
      capped = body.total_capped;
    }
    times.sort((a, b) => a - b);
    const page = { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };

    const exportQuery = await save({
      name: 'Bench: certifications expired by a date',
      subject: 'certifications',
      query_column_values: [
        { field: 'certifications.expiration_date', sort_order: 0, sort: 'asc' },
        { field: 'certifications.number', sort_order: 1 },
        { field: 'certifications.holder', sort_order: 2 },
        { field: 'certifications.level', sort_order: 3 },
        { field: 'certifications.status', sort_order: 4 },
      ],
      query_filter_values: [{ field: 'certifications.expiration_date', operator: '<=', value: cutoff }],
    });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const res = await fetch(`${base}/api/queries/export/${exportQuery}?format=xlsx`, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
    const file = path.join(os.tmpdir(), `query-export-${process.pid}.xlsx`);
    const out = createWriteStream(file);
    let firstByteMs = 0;
    let byteCount = 0;
    for await (const chunk of res.body) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      byteCount += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    // Rows written, read back with ExcelJS's streaming reader (the header row is not counted).
    let rows = -1;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    rmSync(file);

    const result = {
      at: new Date().toISOString(),
      scale: settings.scale,
      firstPage: {
        county: county.name,
        peopleInCounty: Number(county.n),
        runs: RUNS,
        ms: page,
        total,
        capped,
      },
      export: {
        expectedRows: exportCount,
        rowsRead: rows,
        bytes: byteCount,
        firstByteMs: Math.round(firstByteMs),
        seconds: Number(exportSeconds.toFixed(2)),
        rssGrowthMb: Math.round((rssPeak - rssBefore) / 1e6),
      },
      pass: {
        firstPage: page.p95 <= PAGE_TARGET_MS,
        export: exportSeconds <= EXPORT_TARGET_S && rows === exportCount,
      },
    };
    console.log(
      [
        `First page of ${level}s in ${county.name} (${RUNS} runs): p50 ${page.p50.toFixed(1)} ms, p95 ${page.p95.toFixed(1)} ms, max ${page.max.toFixed(1)} ms (target p95 <= ${PAGE_TARGET_MS}): ${result.pass.firstPage ? 'PASS' : 'FAIL'}`,
        `XLSX export of ${exportCount.toLocaleString()} rows: ${exportSeconds.toFixed(1)} s (first byte ${Math.round(firstByteMs)} ms, ${(byteCount / 1e6).toFixed(1)} MB, ${rows.toLocaleString()} rows read back, RSS growth ${result.export.rssGrowthMb} MB) (target <= ${EXPORT_TARGET_S} s): ${result.pass.export ? 'PASS' : 'FAIL'}`,
      ].join('\n'),
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(
      path.join(here, 'results', `query-builder-${Date.now()}.json`),
      JSON.stringify(result, null, 2),
    );
    // The bench's queries are removed again.
    for (const id of [pageQuery, exportQuery])
      await fetch(`${base}/api/queries/delete/${id}`, { method: 'DELETE', headers });
    if (process.env.BENCH_STRICT === '1' && !(result.pass.firstPage && result.pass.export))
      process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await admin.end();
  }
}

await main();
