/**
 * Issue 10 item 11: sustained load. The server (on a private PostgreSQL cluster, or on PGlite with
 * LOAD_DATABASE=pglite) gets LOAD_CONNECTIONS (64) connections of mixed reads and writes as staff
 * (admin, reviewer) and a portal user (applicant) for LOAD_DURATION (60) seconds, after a warm-up
 * at the same load. PASS: 0 errors (no answer, timeout or non-2xx), 0 5xx, every acknowledged write in
 * the database, and the server's resident memory after the run (after forced garbage collections and a
 * settle) within 20% of before it (read the same way after the warm-up).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type CpuProfile, summarizeProfile } from '../lib/cpu-profile';
import { cpuBetween, snapshot } from '../registry/cpu';
import { envNumber, onCleanup, runScript } from './lib/cleanup';
import { freePort, startPrivateCluster } from './lib/cluster';
import { percentile } from './lib/http';
import { collectGarbage, startCpuProfile } from './lib/inspector';
import { rssMb, startServer } from './lib/server';
import { serverTree } from './lib/tree';
import {
  loadFixture,
  newAcknowledged,
  type OpName,
  signInAll,
  verifyAcknowledged,
  Workload,
} from './lib/workload';

const CONNECTIONS = envNumber('LOAD_CONNECTIONS', 64);
const DURATION_S = envNumber('LOAD_DURATION', 60);
const WARMUP_S = envNumber('LOAD_WARMUP', 10);
const SETTLE_MS = envNumber('LOAD_SETTLE_MS', 5_000);
const MAX_GROWTH = envNumber('LOAD_MAX_RSS_GROWTH', 0.2);
const TIMEOUT_MS = envNumber('LOAD_TIMEOUT_MS', 30_000);
const DATABASE = process.env.LOAD_DATABASE ?? 'postgres';
/** LOAD_PROFILE=1: a V8 CPU profile of the server over the measured run, summarised, saved in bench/results. */
const PROFILE = process.env.LOAD_PROFILE === '1';
/** How many statements of pg_stat_statements to print (PostgreSQL only; 0: none). */
const TOP_STATEMENTS = envNumber('LOAD_TOP_STATEMENTS', 12);
const resultsDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stats {
  latencies: number[];
  byOp: Map<OpName, { n: number; errors: number; latencies: number[] }>;
  statuses: Map<string, number>;
  errors: number;
  fivexx: number;
  writes: number;
  examples: string[];
}

await runScript('sustained-load', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'licensure-load-'));
  onCleanup('remove the temp folder', () => rmSync(dir, { recursive: true, force: true }));
  const tree = serverTree();
  const cluster =
    DATABASE === 'postgres'
      ? await startPrivateCluster(envNumber('LOAD_PG_PORT', 55435), [
          'shared_preload_libraries=pg_stat_statements',
        ])
      : undefined;
  const server = await startServer({
    root: tree.root,
    port: await freePort(),
    dataDir: path.join(dir, 'data'),
    logFile: path.join(dir, 'server.log'),
    inspect: true,
    // As in production: the pool of DATABASE_POOL_SIZE (10) connections, no debug logging.
    env: { LOG_LEVEL: 'warn' },
    ...(cluster ? { databaseUrl: cluster.url } : {}),
  });
  if (!server.inspector) throw new Error('the server did not open its inspector');
  process.stdout.write(
    `server from ${tree.label} on ${cluster ? `a private PostgreSQL cluster (port ${cluster.port})` : 'PGlite'}, pid ${server.pid}\n`,
  );
  const sessions = await signInAll(server.base);
  const fixture = await loadFixture(server.base, sessions);
  const ack = newAcknowledged();
  const workload = new Workload(server.base, sessions, fixture, ack, TIMEOUT_MS);

  const load = async (seconds: number, stats?: Stats) => {
    const until = performance.now() + seconds * 1000;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 500);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        while (performance.now() < until) {
          const r = await workload.step(w);
          if (!stats) continue;
          const ms = r.answer.ms;
          stats.latencies.push(ms);
          const op = stats.byOp.get(r.op) ?? { n: 0, errors: 0, latencies: [] };
          stats.byOp.set(r.op, op);
          op.n++;
          op.latencies.push(ms);
          const key = r.answer.status === 0 ? `no answer (${r.answer.error})` : String(r.answer.status);
          stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
          const ok = r.answer.status >= 200 && r.answer.status < 300;
          if (ok && r.write) stats.writes++;
          if (!ok) {
            stats.errors++;
            op.errors++;
            if (stats.examples.length < 5)
              stats.examples.push(`${r.op}: ${key} ${JSON.stringify(r.answer.body).slice(0, 200)}`);
          }
          if (r.answer.status >= 500) stats.fivexx++;
        }
      }),
    );
    clearInterval(sampler);
    return peak;
  };
  const settled = async () => {
    await sleep(SETTLE_MS);
    const heap = await collectGarbage(server.inspector as string);
    await sleep(1000);
    return { rss: rssMb(server.pid), heap };
  };

  const cold = rssMb(server.pid);
  await load(WARMUP_S);
  const before = await settled();
  const stats: Stats = {
    latencies: [],
    byOp: new Map(),
    statuses: new Map(),
    errors: 0,
    fivexx: 0,
    writes: 0,
    examples: [],
  };
  // Where a request's time goes: CPU of the server and of PostgreSQL's backends (/proc), the backends'
  // states sampled (how many connections of the pool are busy, waiting on a lock, idle in a transaction),
  // pg_stat_statements, and with LOAD_PROFILE=1 the server's CPU profile.
  const probe = cluster ? new pg.Client({ connectionString: cluster.url }) : undefined;
  await probe?.connect();
  onCleanup('close the probe connection', () => probe?.end().catch(() => {}));
  await probe?.query('create extension if not exists pg_stat_statements');
  await probe?.query('select pg_stat_statements_reset()');
  const states = new Map<string, number>();
  let stateSamples = 0;
  const stateSampler = probe
    ? setInterval(() => {
        void probe
          .query<{ state: string; n: number }>(
            `select coalesce(case when wait_event_type = 'Lock' then 'waiting on a lock' else state end, '?') as state,
               count(*)::int as n from pg_stat_activity
             where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
             group by 1`,
          )
          .then(({ rows }) => {
            stateSamples++;
            for (const r of rows) states.set(r.state, (states.get(r.state) ?? 0) + r.n);
          })
          .catch(() => {});
      }, 250)
    : undefined;
  const cpuBefore = probe ? await snapshot(probe, server.pid) : undefined;
  const profiler = PROFILE ? await startCpuProfile(server.inspector) : undefined;
  const t0 = performance.now();
  const peak = await load(DURATION_S, stats);
  const elapsed = (performance.now() - t0) / 1000;
  const profile = (await profiler?.stop()) as CpuProfile | undefined;
  const cpuAfter = probe ? await snapshot(probe, server.pid) : undefined;
  if (stateSampler) clearInterval(stateSampler);
  const cpu = cpuBetween(cpuBefore, cpuAfter, elapsed);
  const topStatements = probe
    ? (
        await probe.query<{ calls: number; total_ms: number; mean_ms: number; query: string }>(
          `select calls::int, round(total_exec_time::numeric, 1)::float as total_ms,
             round(mean_exec_time::numeric, 3)::float as mean_ms, regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
           from pg_stat_statements order by total_exec_time desc limit $1`,
          [TOP_STATEMENTS],
        )
      ).rows
    : [];
  const after = await settled();

  const verified = cluster
    ? await (async () => {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          return await verifyAcknowledged(client, ack);
        } finally {
          await client.end();
        }
      })()
    : undefined;

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  const lines = [
    `${CONNECTIONS} connections for ${f(elapsed)} s (after ${WARMUP_S} s of warm-up): ${stats.latencies.length} requests, ${f(stats.latencies.length / elapsed)} req/s, ${stats.writes} acknowledged writes`,
    `latency ms: p50 ${f(percentile(sorted, 50))}, p90 ${f(percentile(sorted, 90))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted.at(-1) ?? 0)}`,
    `answers: ${[...stats.statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}; errors ${stats.errors}, 5xx ${stats.fivexx}`,
  ];
  for (const [op, s] of [...stats.byOp].sort()) {
    const l = s.latencies.sort((a, b) => a - b);
    lines.push(
      `  ${op.padEnd(28)} ${String(s.n).padStart(6)} requests, p50 ${f(percentile(l, 50))} / p99 ${f(percentile(l, 99))} ms, ${s.errors} errors`,
    );
  }
  for (const e of stats.examples) lines.push(`  e.g. ${e}`);
  const n = stats.latencies.length || 1;
  if (probe)
    lines.push(
      `CPU ms/request: server ${f((cpu.serverSeconds * 1000) / n)}, PostgreSQL ${f((cpu.postgresSeconds * 1000) / n)}, load generator ${f(((cpu.oursSeconds - cpu.serverSeconds - cpu.postgresSeconds) * 1000) / n)}; others used ${f(cpu.othersShare * 100)}% of the CPUs`,
      `PostgreSQL connections (mean of ${stateSamples} samples): ${[...states].map(([k, v]) => `${k} ${f(v / (stateSamples || 1))}`).join(', ')}`,
    );
  if (topStatements.length) {
    lines.push('pg_stat_statements over the measured run (by total time):');
    for (const s of topStatements)
      lines.push(
        `  ${String(s.calls).padStart(7)} calls ${f(s.total_ms).padStart(9)} ms (${s.mean_ms} ms each)  ${s.query.slice(0, 150)}`,
      );
  }
  if (profile) {
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `sustained-load-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`,
    );
    writeFileSync(file, JSON.stringify(profile));
    const summary = summarizeProfile(profile, file);
    lines.push(
      `server CPU profile (${file}): busy ${f(summary.sampledMs)} ms, idle ${f(summary.idleMs)} ms; self time by module:`,
      ...summary.byModule.slice(0, 15).map((m) => `  ${f(m.ms).padStart(9)} ms  ${m.name}`),
      'by function:',
      ...summary.byFunction.slice(0, 30).map((m) => `  ${f(m.ms).padStart(9)} ms  ${m.name}`),
    );
  }
  const growth = after.rss / before.rss - 1;
  lines.push(
    `server RSS MB: ${f(cold)} at start, ${f(before.rss)} after warm-up + GC, peak ${f(peak)} under load, ${f(after.rss)} after the run + GC (${growth >= 0 ? '+' : ''}${f(growth * 100)}%; limit +${f(MAX_GROWTH * 100)}%)`,
    `V8 heap used MB after GC: ${f(before.heap.usedMb)} before, ${f(after.heap.usedMb)} after`,
  );
  if (verified)
    lines.push(
      `acknowledged writes checked in the database: ${verified.checked}, missing ${verified.missing.length}`,
    );
  process.stdout.write(`\n${lines.join('\n')}\n`);
  const problems = [
    ...(stats.errors ? [`${stats.errors} errors`] : []),
    ...(stats.fivexx ? [`${stats.fivexx} 5xx answers`] : []),
    ...(growth > MAX_GROWTH ? [`RSS grew ${f(growth * 100)}% (limit ${f(MAX_GROWTH * 100)}%)`] : []),
    ...(verified?.missing.length ? [`${verified.missing.length} acknowledged writes missing`] : []),
    ...(server.alive ? [] : ['the server exited']),
  ];
  if (problems.length) process.stdout.write(`\nproblems:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  return problems.length === 0;
});
