/**
 * Benchmark of the registry searches on the scale database (bench/generate-registry.ts): users/search,
 * services/search, vehicles/search and PublicLookupUser at 8 and 32 connections, with the query plans
 * of what each route runs. Target: p95 <= 50 ms at 32 connections, and no sequential scan of users,
 * certifications, services or vehicles. See bench/README.md.
 *
 *   cd /work/main && npx tsx bench/search.ts        (BENCH_SCALE=0.05 for a quick run)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { ensureScaleDatabase, scaleSettings } from './generate-registry';
import { cpuBetween, snapshot } from './registry/cpu';
import type { Counts } from './registry/generate-sql';
import { formatRun, load, type Run } from './registry/load';
import { explainRoute, type Plan } from './registry/plans';
import { runProbes } from './registry/probes';
import { type Endpoint, sampleEndpoints } from './registry/search-bodies';
import { type CapturedQuery, type FromServer, serve, type ToServer } from './registry/search-server';

const HOST = '127.0.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));

function readSettings() {
  const int = (name: string, fallback: number) => {
    const n = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
    return n;
  };
  return {
    connections: (process.env.BENCH_CONNECTIONS ?? '8,32').split(',').map(Number),
    durationSeconds: int('BENCH_DURATION', 10),
    warmupSeconds: int('BENCH_WARMUP', 2),
    /** Then each kind of search alone at the highest concurrency, for this long (0: skip). */
    kindSeconds: int('BENCH_KIND_DURATION', 5),
    targetP95Ms: int('BENCH_TARGET_P95', 50),
    poolSize: int('BENCH_POOL_SIZE', loadConfig({}).DATABASE_POOL_SIZE),
    /** Only the endpoints whose name contains this text. */
    only: process.env.BENCH_ONLY ?? '',
    /** Bodies of each kind whose plans are explained (the slowest is reported). */
    planBodies: int('BENCH_PLAN_BODIES', 20),
    /** Only the kinds of search whose name contains this text. */
    kind: process.env.BENCH_KIND ?? '',
  };
}

class Server {
  readonly child: ChildProcess;
  private readonly waiting = new Map<string, (m: FromServer) => void>();
  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), ['serve'], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: FromServer) => {
      if (m.type === 'error') for (const r of this.waiting.values()) r(m);
      else this.waiting.get(m.type)?.(m);
    });
  }
  async ask<T extends FromServer['type']>(m: ToServer, reply: T): Promise<Extract<FromServer, { type: T }>> {
    const answer = new Promise<FromServer>((resolve) => this.waiting.set(reply, resolve));
    this.child.send(m);
    const a = await answer;
    this.waiting.delete(reply);
    if (a.type === 'error') throw new Error(`server: ${a.message}`);
    return a as Extract<FromServer, { type: T }>;
  }
  stop() {
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies ToServer);
  }
}

/**
 * Waits until PostgreSQL has no active statement on the scale database left from the previous run
 * (autocannon stops sending, but the server still finishes what it received), at most a minute.
 */
async function settle(db: pg.Client) {
  const until = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < until) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and state = 'active'
         and pid <> pg_backend_pid()`,
    );
    quiet = rows[0]!.n === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

interface KindReport {
  kind: string;
  /** The body whose statements took longest of those explained, and its answer and plans. */
  body: unknown;
  status: number;
  results: number | null;
  plans: Plan[];
  /** How many bodies of the kind were explained, and the median of their execution times. */
  explained: number;
  medianMs: number;
  /** Big tables read sequentially by any of the bodies explained. */
  seqScans: string[];
}

/**
 * The first `bodies` bodies of each kind: their answers, and the plans of the statements they ran.
 * One body is not enough: a prefix too short for a trigram, or a common one, can take another plan.
 */
async function inspect(
  server: Server,
  db: pg.Client,
  base: string,
  e: Endpoint,
  headers: Record<string, string>,
  bodies: number,
) {
  const out: KindReport[] = [];
  for (const k of e.kinds) {
    let worst: (Omit<KindReport, 'explained' | 'medianMs' | 'seqScans'> & { ms: number }) | undefined;
    const times: number[] = [];
    const seqScans = new Set<string>();
    let status = 200;
    for (const body of k.bodies.slice(0, Math.max(1, bodies))) {
      await server.ask({ type: 'capture', on: true }, 'capturing');
      const res = await fetch(`${base}${e.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const { queries } = await server.ask({ type: 'capture', on: false }, 'captured');
      const json = (await res.json().catch(() => null)) as unknown;
      const plans = await explainRoute(db, queries as CapturedQuery[]);
      const ms = plans.reduce((sum, p) => sum + p.executionMs, 0);
      times.push(ms);
      for (const p of plans) for (const t of p.seqScans) seqScans.add(t);
      if (res.status !== 200) status = res.status;
      if (!worst || ms > worst.ms || (res.status !== 200 && worst.status === 200))
        worst = {
          kind: k.name,
          body,
          status: res.status,
          results: Array.isArray(json) ? json.length : null,
          plans,
          ms,
        };
    }
    const { ms: _ms, ...slowest } = worst!;
    times.sort((a, b) => a - b);
    out.push({
      ...slowest,
      status,
      explained: times.length,
      medianMs: times[Math.floor(times.length / 2)]!,
      seqScans: [...seqScans],
    });
  }
  return out;
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

async function main() {
  const settings = readSettings();
  const scale = scaleSettings();
  await ensureScaleDatabase(scale);
  const db = new pg.Client({ connectionString: scale.url });
  await db.connect();
  const server = new Server();
  try {
    const meta = await db.query<{ counts: Counts }>('select counts from bench_meta');
    const counts = meta.rows[0]!.counts;
    const endpoints = (await sampleEndpoints(db, counts))
      .filter((e) => e.name.includes(settings.only))
      .map((e) => ({ ...e, kinds: e.kinds.filter((k) => k.name.includes(settings.kind)) }))
      .filter((e) => e.kinds.length > 0);
    const { port } = await server.ask(
      { type: 'start', databaseUrl: scale.url, poolSize: settings.poolSize, rotateAddresses: true },
      'ready',
    );
    const base = `http://${HOST}:${port}`;
    const staff = await signIn(base);
    console.log(
      `\nLoad: ${settings.connections.join(' and ')} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s each, pool ${settings.poolSize}, ${os.cpus().length} CPUs`,
    );

    let failed = false;
    const probes = await runProbes(db);
    console.log('\nIndex probes (the query shapes the indexes were made for):');
    for (const p of probes) {
      const rows = p.plan.match(/rows=(\d+) loops/)?.[1] ?? '?';
      console.log(
        `  ${p.name.padEnd(32)} ${f(p.executionMs).padStart(7)} ms  ${rows.padStart(6)} rows  ${p.indexes.join(' + ') || 'no index'}${p.ok ? '' : `  FAIL (expected ${p.expect})`}`,
      );
      if (!p.ok) failed = true;
    }

    const measured = async (run: () => Promise<Run>) => {
      const before = await snapshot(db, server.child.pid);
      const started = performance.now();
      const r = await run();
      const cpu = cpuBetween(
        before,
        await snapshot(db, server.child.pid),
        (performance.now() - started) / 1000,
      );
      r.othersCpu = cpu.othersShare;
      const perRequest = (seconds: number) => (r.requests > 0 ? (seconds * 1000) / r.requests : Number.NaN);
      r.cpuMsPerRequest = perRequest(cpu.oursSeconds);
      r.serverMsPerRequest = perRequest(cpu.serverSeconds);
      r.postgresMsPerRequest = perRequest(cpu.postgresSeconds);
      return r;
    };
    const report = [];
    for (const e of endpoints) {
      const headers = e.auth ? staff : {};
      await settle(db);
      const kinds = await inspect(server, db, base, e, headers, settings.planBodies);
      console.log(`\nPOST ${e.path}`);
      for (const k of kinds) {
        const seq = k.seqScans;
        const flag = seq.length > 0 ? `  SEQ SCAN on ${seq.join(', ')}: FAIL` : '';
        console.log(
          `  ${k.kind}: ${k.status}; ${k.explained} bodies explained, median ${f(k.medianMs)} ms; slowest ${JSON.stringify(k.body)} (${k.results ?? '?'} rows): ${k.plans.map((p) => `${f(p.executionMs)} ms via ${p.indexes.join(' + ') || 'no index'}`).join('; ')}${flag}`,
        );
        if (seq.length > 0 || k.status !== 200) failed = true;
      }
      const runs: Run[] = [];
      const byKind: (Run & { kind: string })[] = [];
      const top = Math.max(...settings.connections);
      if (kinds.every((k) => k.status === 200)) {
        for (const connections of settings.connections) {
          if (settings.warmupSeconds > 0)
            await load(`${base}${e.path}`, e, headers, connections, settings.warmupSeconds);
          await settle(db);
          const run = await measured(() =>
            load(`${base}${e.path}`, e, headers, connections, settings.durationSeconds),
          );
          runs.push(run);
          const target = connections >= 32 ? (run.p95 <= settings.targetP95Ms ? '  PASS' : '  FAIL') : '';
          if (connections >= 32 && run.p95 > settings.targetP95Ms) failed = true;
          if (run.non2xx > 0 || run.errors > 0) failed = true;
          console.log(`  ${formatRun(run)}${target}`);
        }
        // Each kind alone at the highest concurrency: which kind of search is slow.
        if (settings.kindSeconds > 0 && e.kinds.length > 1)
          for (const k of e.kinds) {
            const alone = { ...e, kinds: [k] };
            await settle(db);
            const run = await measured(() =>
              load(`${base}${e.path}`, alone, headers, top, settings.kindSeconds),
            );
            byKind.push({ kind: k.name, ...run });
            console.log(`    ${k.name.padEnd(38)} ${formatRun(run)}`);
          }
      } else console.log('  not loaded: a kind did not answer 200');
      report.push({ endpoint: e.name, path: e.path, kinds, runs, byKind });
    }

    console.log('\nPlans:');
    for (const r of report)
      for (const k of r.kinds)
        for (const p of k.plans)
          console.log(
            `\n--- ${r.endpoint}: ${k.kind} (slowest of ${k.explained})\n${p.sql}\n-- params ${JSON.stringify(p.params)}\n${p.plan}`,
          );
    const scans = report.flatMap((r) =>
      r.kinds.flatMap((k) => k.seqScans.map((t) => `${r.endpoint} (${k.kind}): ${t}`)),
    );
    if (scans.length > 0)
      console.log(`\nFAIL: SEQUENTIAL SCANS of big tables in the routes' plans:\n  ${scans.join('\n  ')}`);
    const busy = report.flatMap((r) => r.runs).filter((r) => (r.othersCpu ?? 0) > 0.1);
    if (busy.length > 0)
      console.log(
        `\nWarning: other processes used over 10% of the CPUs during ${busy.length} run(s), so those latencies are pessimistic. Rerun on a quiet machine for the verdict.`,
      );
    console.log(
      `\nOverall: ${failed ? 'FAIL' : 'PASS'} (p95 <= ${settings.targetP95Ms} ms at 32 connections, no sequential scan of ${['users', 'certifications', 'services', 'vehicles'].join('/')}, all 2xx)`,
    );

    const dir = path.join(here, 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version };
    writeFileSync(
      file,
      `${JSON.stringify({ benchmark: 'search', at: new Date().toISOString(), machine, settings, scale: scale.scale, counts, pass: !failed, probes, report }, null, 2)}\n`,
    );
    console.log(`Results: ${path.relative(process.cwd(), file)}`);
    if (failed) process.exitCode = 1;
  } finally {
    server.stop();
    await db.end();
  }
}

if (process.argv[2] === 'serve') {
  await serve();
} else {
  await main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  });
}
