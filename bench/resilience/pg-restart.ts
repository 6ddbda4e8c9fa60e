/**
 * Issue 10 item 9: PostgreSQL restarted under load.
 *
 * A private PostgreSQL 15 cluster (never the shared one on 5432), the server on it (migrations and seed by
 * main.ts, as `npm start` does), and workers as staff and portal users reading and writing. The cluster is
 * stopped (`pg_ctl stop -m fast`, then `-m immediate`: a crash) and started again. PASS when, while it is
 * down, every answer is a 503 with Retry-After within a bounded time (no 500, no hang, no crash), the
 * server answers 2xx again by itself within seconds of PostgreSQL's return, the same server process
 * runs throughout, the event dispatcher and job queue work again (events recorded after the return are
 * dispatched), and every acknowledged write is in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envNumber, onCleanup, runScript } from './lib/cleanup';
import { freePort, startPrivateCluster, withClient } from './lib/cluster';
import { percentile } from './lib/http';
import { startServer, tail } from './lib/server';
import { serverTree } from './lib/tree';
import {
  loadFixture,
  newAcknowledged,
  type OpResult,
  signInAll,
  verifyAcknowledged,
  Workload,
} from './lib/workload';

const WORKERS = envNumber('RESTART_WORKERS', 8);
const CYCLES = envNumber('RESTART_CYCLES', 2);
const DOWN_SECONDS = envNumber('RESTART_DOWN_SECONDS', 8);
const STEADY_SECONDS = envNumber('RESTART_STEADY_SECONDS', 8);
/** The longest an answer may take while PostgreSQL is down (a hang is longer). */
const MAX_ANSWER_MS = envNumber('RESTART_MAX_ANSWER_MS', 5_000);
/** How soon after PostgreSQL's return the server must answer 2xx again. */
const MAX_RECOVERY_MS = envNumber('RESTART_MAX_RECOVERY_MS', 10_000);
/**
 * How long events recorded after the return may wait to be dispatched: a dispatch job whose end could
 * not be recorded is failed once its heartbeats stop (10 s) at pg-boss's next supervision (every 30 s).
 */
const DISPATCH_WAIT_MS = envNumber('RESTART_DISPATCH_WAIT_MS', 60_000);
/** The client gives up on an answer after this long (and counts it as a hang). */
const CLIENT_TIMEOUT_MS = envNumber('RESTART_CLIENT_TIMEOUT_MS', 20_000);

interface Timed extends OpResult {
  at: number;
  end: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');

await runScript('pg-restart', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'licensure-resilience-'));
  onCleanup('remove the temp folder', () => rmSync(dir, { recursive: true, force: true }));
  const cluster = await startPrivateCluster(envNumber('RESTART_PG_PORT', 55433));
  process.stdout.write(`private cluster on port ${cluster.port} (${cluster.dir})\n`);
  const tree = serverTree();
  process.stdout.write(`server from ${tree.label}\n`);
  const server = await startServer({
    root: tree.root,
    port: await freePort(),
    dataDir: path.join(dir, 'data'),
    databaseUrl: cluster.url,
    logFile: path.join(dir, 'server.log'),
  });
  process.stdout.write(`server pid ${server.pid} at ${server.base} (log ${path.join(dir, 'server.log')})\n`);
  const sessions = await signInAll(server.base);
  const fixture = await loadFixture(server.base, sessions);
  const ack = newAcknowledged();
  const workload = new Workload(server.base, sessions, fixture, ack, CLIENT_TIMEOUT_MS);

  const results: Timed[] = [];
  let stop = false;
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    while (!stop) {
      const at = performance.now();
      const r = await workload.step(w);
      results.push({ ...r, at, end: performance.now() });
      // A worker that got no database keeps asking, but not in a tight loop.
      if (r.answer.status === 503 || r.answer.status === 0) await sleep(50);
    }
  });

  let ok = true;
  let lastReturn = new Date();
  const problems: string[] = [];
  const lines: string[] = [];
  await sleep(STEADY_SECONDS * 1000);
  const steady = results.map((r) => r.end - r.at).sort((a, b) => a - b);
  lines.push(
    `steady load before the first stop: ${steady.length} answers, p50 ${fmt(percentile(steady, 50))} / p99 ${fmt(percentile(steady, 99))} / max ${fmt(steady.at(-1) ?? 0)} ms`,
  );
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const mode = cycle % 2 === 0 ? 'fast' : 'immediate';
    const stopAt = performance.now();
    await cluster.stop(mode);
    const downAt = performance.now();
    await sleep(DOWN_SECONDS * 1000);
    const startAt = performance.now();
    await cluster.start();
    const upAt = performance.now();
    lastReturn = new Date();
    // Recovered: the first 2xx answer to a request sent after PostgreSQL accepted connections again.
    let recoveredAt: number | undefined;
    while (performance.now() - upAt < Math.max(MAX_RECOVERY_MS * 3, 30_000)) {
      const first = results.find((r) => r.at >= upAt && r.answer.status >= 200 && r.answer.status < 300);
      if (first) {
        recoveredAt = first.end;
        break;
      }
      await sleep(100);
    }
    await sleep(STEADY_SECONDS * 1000);
    // While it was down: requests sent after the stop began and answered before the start finished.
    const during = results.filter((r) => r.at >= stopAt && r.end <= startAt);
    const byStatus = new Map<string, number>();
    for (const r of during) {
      const k = r.answer.status === 0 ? `no answer (${r.answer.error})` : String(r.answer.status);
      byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
    }
    const downOnly = results.filter((r) => r.at >= downAt && r.end <= startAt);
    const bad = downOnly.filter((r) => r.answer.status !== 503);
    const noRetryAfter = downOnly.filter((r) => r.answer.status === 503 && !r.answer.retryAfter);
    const times = during.map((r) => r.end - r.at).sort((a, b) => a - b);
    const maxMs = times.at(-1) ?? 0;
    const hung = results.filter((r) => r.at >= stopAt && r.at < upAt && r.end - r.at > MAX_ANSWER_MS);
    const after = results.filter((r) => recoveredAt !== undefined && r.at >= recoveredAt);
    const afterBad = after.filter((r) => r.answer.status < 200 || r.answer.status >= 300);
    const recoveryMs = recoveredAt === undefined ? Number.NaN : recoveredAt - upAt;
    lines.push(
      `cycle ${cycle + 1} (stop -m ${mode}): stop took ${fmt(downAt - stopAt)} ms, down ${fmt(startAt - downAt)} ms, start took ${fmt(upAt - startAt)} ms`,
      `  answers while stopping/down: ${during.length} (${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}); answer time p50 ${fmt(percentile(times, 50))} / p99 ${fmt(percentile(times, 99))} / max ${fmt(maxMs)} ms`,
      `  fully down: ${downOnly.length} answers, ${downOnly.length - bad.length} of them 503 (${noRetryAfter.length} without Retry-After)`,
      `  recovered ${Number.isNaN(recoveryMs) ? 'NEVER' : `${fmt(recoveryMs)} ms`} after PostgreSQL accepted connections; then ${after.length} answers, ${afterBad.length} not 2xx`,
    );
    for (const r of [...bad, ...afterBad].slice(0, 5))
      lines.push(
        `    e.g. ${r.op}: ${r.answer.status || r.answer.error} ${JSON.stringify(r.answer.body).slice(0, 200)}`,
      );
    if (bad.length) problems.push(`cycle ${cycle + 1}: ${bad.length} answers while down were not 503`);
    if (noRetryAfter.length)
      problems.push(`cycle ${cycle + 1}: ${noRetryAfter.length} 503s without Retry-After`);
    for (const r of hung.slice(0, 5))
      lines.push(
        `    slow: ${r.op} sent ${fmt(r.at - stopAt)} ms after the stop began (PostgreSQL back at ${fmt(upAt - stopAt)} ms), answered ${r.answer.status || r.answer.error} after ${fmt(r.end - r.at)} ms`,
      );
    if (hung.length)
      problems.push(`cycle ${cycle + 1}: ${hung.length} answers took longer than ${MAX_ANSWER_MS} ms`);
    if (!(recoveryMs <= MAX_RECOVERY_MS))
      problems.push(`cycle ${cycle + 1}: no recovery within ${MAX_RECOVERY_MS} ms`);
    if (afterBad.length) problems.push(`cycle ${cycle + 1}: ${afterBad.length} failures after recovery`);
    if (!server.alive) {
      problems.push(`cycle ${cycle + 1}: the server process exited (${await server.exited})`);
      break;
    }
  }
  stop = true;
  await Promise.all(workers);

  // The job queue and event dispatcher: events recorded after the last return are dispatched.
  const started = Date.now();
  const dispatch = await withClient(cluster.url, async (c) => {
    const deadline = Date.now() + DISPATCH_WAIT_MS;
    for (;;) {
      const { rows } = await c.query<{ waiting: number; recent: number; total: number }>(
        `select count(*) filter (where dispatched_at is null and created_at >= $1)::int as waiting,
                count(*) filter (where created_at >= $1)::int as recent, count(*)::int as total
           from domain_events`,
        [lastReturn],
      );
      const row = rows[0] as { waiting: number; recent: number; total: number };
      if (row.waiting === 0 || Date.now() > deadline) return { ...row, waitedMs: Date.now() - started };
      await sleep(500);
    }
  });
  lines.push(
    `events recorded after PostgreSQL's last return: ${dispatch.recent} (of ${dispatch.total}), ${dispatch.waiting} not dispatched ${fmt(dispatch.waitedMs)} ms after the load ended`,
  );
  if (dispatch.recent === 0 || dispatch.waiting > 0) {
    problems.push('the event dispatcher did not resume');
    const jobs = await withClient(cluster.url, (c) =>
      c.query<{ state: string; n: number; started: Date | null }>(
        `select state, count(*)::int as n, max(started_on) as started from pgboss.job where name = 'domain-events-dispatch' group by state`,
      ),
    );
    lines.push(
      `  dispatch jobs: ${jobs.rows.map((r) => `${r.state} ${r.n} (last started ${r.started?.toISOString() ?? '-'})`).join(', ')}; PostgreSQL's last return ${lastReturn.toISOString()}`,
    );
  }

  const verified = await withClient(cluster.url, (c) => verifyAcknowledged(c, ack));
  const total = results.length;
  const writes = results.filter((r) => r.write && r.answer.status >= 200 && r.answer.status < 300).length;
  lines.push(
    `requests: ${total} by ${WORKERS} workers (admin, reviewer, applicant); acknowledged writes: ${writes}`,
    `acknowledged writes checked in the database: ${verified.checked}, missing: ${verified.missing.length}`,
    `server process: pid ${server.pid}, ${server.alive ? 'still running' : 'EXITED'}`,
  );
  for (const m of verified.missing.slice(0, 10)) lines.push(`  ${m}`);
  if (verified.missing.length) problems.push(`${verified.missing.length} acknowledged writes lost`);
  if (!server.alive) {
    problems.push('the server process exited');
    lines.push(
      `the server's log ends:\n${tail(path.join(dir, 'server.log'), Number(process.env.RESILIENCE_LOG_LINES ?? 40))}`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n`);
  if (problems.length) {
    ok = false;
    process.stdout.write(`\nproblems:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  }
  return ok;
});
