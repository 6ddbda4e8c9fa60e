/**
 * Benchmark of the generic list endpoint: our server (buildApp: routing, session lookup, access check,
 * zod validation, drizzle, serialization) against a minimal Fastify + pg handler that runs the same SQL
 * and returns the same JSON. Both run side by side on one PostgreSQL database, each in its own process,
 * loaded in turn by autocannon from this process. See bench/README.md.
 *
 *   cd /work/main && npx tsx bench/list-endpoint.ts        (or: npm run list -w @licensure/bench)
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { enterprises, openPostgres, referenceTables, seedDatabase, users } from '@licensure/db';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AuthContext } from '../apps/server/src/platform/auth/context';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { type CpuProfile, type ProfileSummary, summarizeProfile } from './lib/cpu-profile';
import { addCredentials, benchLabel, benchResource, listSql } from './list-targets';

/** The database made (and dropped) for the run; BENCH_DB_NAME names another (engineers sharing a server). */
const BENCH_DB = process.env.BENCH_DB_NAME || 'licensure_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('BENCH_DB_NAME: lower-case letters, digits and _');
const SECTION = 'bench';
const HOST = '127.0.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Settings

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
};

function readSettings() {
  const target = Number(process.env.BENCH_TARGET ?? '0.8');
  if (!(target > 0)) throw new Error('BENCH_TARGET must be a positive number');
  // plain: a reference list as staff; scoped: credentials as a portal user (row scope + five joins).
  const mode = process.env.BENCH_MODE === 'scoped' ? 'scoped' : 'plain';
  return {
    mode,
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    path:
      process.env.BENCH_PATH ||
      (mode === 'scoped'
        ? '/api/certifications?numPerPage=25&currentPage=2&sortBy=number'
        : `/api/dataelements?data_section_name=${SECTION}&numPerPage=25&currentPage=3&sortBy=label`),
    connections: intEnv('BENCH_CONNECTIONS', 16, 1, 256),
    warmupSeconds: intEnv('BENCH_WARMUP', 3, 0, 30),
    durationSeconds: intEnv('BENCH_DURATION', 15, 1, 120),
    rounds: intEnv('BENCH_ROUNDS', 1, 1, 5),
    rows: intEnv('BENCH_ROWS', 5000, 0, 200_000),
    // Ours defaults to DATABASE_POOL_SIZE's default; the raw server gets the same.
    poolSize: intEnv('BENCH_POOL_SIZE', loadConfig({}).DATABASE_POOL_SIZE, 1, 200),
    target,
    strict: process.env.BENCH_STRICT === '1',
    /** Leave the database after the run, to inspect it (EXPLAIN, profiling). */
    keepDatabase: process.env.BENCH_KEEP_DB === '1',
    /** CPU-profile each server over its measured run (adds sampling overhead to both). */
    profile: process.env.BENCH_PROFILE === '1',
    /** The raw server also runs our session statement per request: isolates what that lookup costs. */
    rawSession: process.env.BENCH_RAW_SESSION === '1',
  };
}
type Settings = ReturnType<typeof readSettings>;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

// ---------------------------------------------------------------------------------------------------
// The processes: this script forks itself as `serve` to host one server per process.

type Role = 'ours' | 'raw';

interface RawQuery {
  route: string;
  pageSql: string;
  countSql: string;
  enterpriseId: string;
  /** Query-string parameters bound, in order, after the enterprise id. */
  filterParams: string[];
  /** Scoped mode: the exact parameters of the one bench URL (the caller's id among them). */
  fixed?: { page: unknown[]; count: unknown[] };
  /** BENCH_RAW_SESSION=1: our session statement, run first on every request as our auth hook does. */
  session?: CapturedQuery;
}

type ToChild =
  | { type: 'start'; role: Role; databaseUrl: string; poolSize: number; raw?: RawQuery }
  | { type: 'capture'; on: boolean }
  | { type: 'mark'; profileFile?: string }
  | { type: 'stats' }
  | { type: 'stop' };

interface CapturedQuery {
  text: string;
  values: unknown[];
}

type FromChild =
  | { type: 'ready'; port: number }
  | { type: 'capturing' }
  | { type: 'captured'; queries: CapturedQuery[] }
  | { type: 'marked' }
  | {
      type: 'stats';
      cpuUserMs: number;
      cpuSystemMs: number;
      elu: number;
      rssMb: number;
      profile?: ProfileSummary;
    }
  | { type: 'error'; message: string };

/** The raw parameters of a request for the captured SQL: enterprise, filters, then LIMIT and OFFSET. */
function rawParams(
  raw: Pick<RawQuery, 'enterpriseId' | 'filterParams'>,
  query: Record<string, string | undefined>,
) {
  const currentPage = Number(query.currentPage ?? 1);
  const numPerPage = Number(query.numPerPage ?? 25);
  const where = [raw.enterpriseId, ...raw.filterParams.map((p) => query[p])];
  return { currentPage, numPerPage, where, page: [...where, numPerPage, (currentPage - 1) * numPerPage] };
}

// ---------------------------------------------------------------------------------------------------
// Profiling (BENCH_PROFILE=1): a V8 CPU profile of each server over the measured run only.

async function startProfiler(file: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(): Promise<ProfileSummary> {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      return summarizeProfile(profile as CpuProfile, file);
    },
  };
}

async function serveChild(): Promise<void> {
  const send = (m: FromChild) => process.send?.(m);
  let close: () => Promise<void> = async () => {};
  let mark = { cpu: process.cpuUsage(), elu: performance.eventLoopUtilization() };
  let captured: CapturedQuery[] | null = null;
  let profiler: { stop(): Promise<ProfileSummary> } | undefined;
  const originalQuery = pg.Pool.prototype.query;

  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  process.on('message', (m: ToChild) => {
    void (async () => {
      try {
        if (m.type === 'start') {
          const server =
            m.role === 'ours'
              ? await startOurs(m.databaseUrl, m.poolSize)
              : await startRaw(m.databaseUrl, m.poolSize, m.raw!);
          close = server.close;
          send({ type: 'ready', port: server.port });
        } else if (m.type === 'capture') {
          if (m.on) {
            // Installed only while one request is captured, so the measured runs call pg untouched.
            captured = [];
            const log = captured;
            pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
              const [config, values] = args as [
                string | { text: string; values?: unknown[] },
                unknown[] | undefined,
              ];
              log.push(
                typeof config === 'string'
                  ? { text: config, values: values ?? [] }
                  : { text: config.text, values: values ?? config.values ?? [] },
              );
              return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
            } as typeof originalQuery;
            send({ type: 'capturing' });
          } else {
            pg.Pool.prototype.query = originalQuery;
            send({ type: 'captured', queries: captured ?? [] });
            captured = null;
          }
        } else if (m.type === 'mark') {
          if (m.profileFile) profiler = await startProfiler(m.profileFile);
          mark = { cpu: process.cpuUsage(), elu: performance.eventLoopUtilization() };
          send({ type: 'marked' });
        } else if (m.type === 'stats') {
          const cpu = process.cpuUsage(mark.cpu);
          const elu = performance.eventLoopUtilization(mark.elu);
          const profile = await profiler?.stop();
          profiler = undefined;
          send({
            type: 'stats',
            cpuUserMs: cpu.user / 1000,
            cpuSystemMs: cpu.system / 1000,
            elu: elu.utilization,
            rssMb: process.memoryUsage().rss / 2 ** 20,
            profile,
          });
        } else if (m.type === 'stop') {
          await close();
          process.exit(0);
        }
      } catch (err) {
        send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      }
    })();
  });
}

/** Our server as main.ts starts it in production, without seeding (the script seeded) and without logs. */
async function startOurs(databaseUrl: string, poolSize: number) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    LOG_LEVEL: 'silent',
    HOST,
    PORT: '0',
  });
  const database = openPostgres(databaseUrl, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, database, logger: false });
  // As main.ts: the realtime hub LISTENs on a connection it holds from the pool.
  await app.deps.hub.listen();
  await app.listen({ port: 0, host: HOST });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The bare minimum: one route, one pg.Pool, the same two statements in parallel, the same JSON. */
async function startRaw(databaseUrl: string, poolSize: number, raw: RawQuery) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const app = Fastify({ logger: false });
  app.get(raw.route, async (request) => {
    const p = rawParams(raw, request.query as Record<string, string | undefined>);
    if (raw.session) await pool.query(raw.session.text, raw.session.values);
    const [page, count] = await Promise.all([
      pool.query(raw.pageSql, raw.fixed?.page ?? p.page),
      // drizzle leaves the count unaliased and reads rows as arrays; so does this.
      pool.query<[number]>({ text: raw.countSql, values: raw.fixed?.count ?? p.where, rowMode: 'array' }),
    ]);
    return {
      items: page.rows,
      total: count.rows[0]?.[0] ?? 0,
      currentPage: p.currentPage,
      numPerPage: p.numPerPage,
    };
  });
  await app.listen({ port: 0, host: HOST });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

class Server {
  private readonly waiting = new Map<FromChild['type'], (m: FromChild) => void>();
  readonly child: ChildProcess;
  port = 0;
  private failure: Error | undefined;

  constructor(readonly role: Role) {
    // Same loader flags (tsx) as this process; one process per server, as in production.
    this.child = fork(fileURLToPath(import.meta.url), ['serve'], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: FromChild) => {
      if (m.type === 'error') this.fail(new Error(`${role} server: ${m.message}`));
      else this.waiting.get(m.type)?.(m);
    });
    this.child.on('exit', (code) => this.fail(new Error(`${role} server exited (${code})`)));
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const resolve of this.waiting.values()) resolve({ type: 'error', message: err.message });
    this.waiting.clear();
  }

  /** Sends a message and waits for the reply of the given type. */
  async ask<T extends FromChild['type']>(
    message: ToChild,
    reply: T,
    timeoutMs = 60_000,
  ): Promise<Extract<FromChild, { type: T }>> {
    if (this.failure) throw this.failure;
    const answer = new Promise<FromChild>((resolve) => this.waiting.set(reply, resolve));
    this.child.send(message);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${this.role} server: no '${reply}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const m = await Promise.race([answer, timeout]);
      if (m.type === 'error') throw new Error(m.message);
      return m as Extract<FromChild, { type: T }>;
    } finally {
      clearTimeout(timer);
    }
  }

  async start(message: Extract<ToChild, { type: 'start' }>) {
    this.port = (await this.ask(message, 'ready')).port;
    return this;
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'stop' } satisfies ToChild);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// Measuring

interface RunResult {
  requestsPerSecond: number;
  requests: number;
  durationSeconds: number;
  /** Exact, from each response's time (autocannon's own histogram keeps whole milliseconds). */
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  autocannonLatencyMs: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  profile?: ProfileSummary;
  /** CPU of the PostgreSQL backends of the bench database (local server only). */
  db?: { cpuMs: number; cpuMsPerRequest: number };
  server: {
    cpuMsPerRequest: number;
    cpuUserMs: number;
    cpuSystemMs: number;
    eventLoopUtilization: number;
    rssMb: number;
  };
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0);

function cannon(url: string, settings: Settings, headers: Record<string, string>, seconds: number) {
  const times: number[] = [];
  return new Promise<{ result: autocannon.Result; times: Float64Array }>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: settings.connections, duration: seconds, headers },
      (err, result) => (err ? reject(err) : resolve({ result, times: Float64Array.from(times).sort() })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
}

/**
 * CPU time of the PostgreSQL backends serving the bench database, read from /proc: only for a server
 * on this Linux machine. On a shared machine this is the one figure other processes cannot inflate.
 */
class BackendCpu {
  private readonly msPerTick: number;
  private constructor(private readonly client: pg.Client) {
    let ticks = 100;
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {}
    this.msPerTick = 1000 / ticks;
  }

  static async open(adminUrl: string): Promise<BackendCpu | undefined> {
    const host = new URL(adminUrl).hostname;
    if (process.platform !== 'linux' || !['127.0.0.1', 'localhost', '[::1]'].includes(host)) return undefined;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // A server in a container has pids of another namespace: then /proc does not show its backends.
    if (BackendCpu.ticksOf(rows[0]!.pid) === undefined) {
      await client.end();
      return undefined;
    }
    return new BackendCpu(client);
  }

  /** utime + stime of a postgres process, in clock ticks. */
  private static ticksOf(pid: number): number | undefined {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) return undefined;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }

  async snapshot(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [BENCH_DB],
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      const t = BackendCpu.ticksOf(pid);
      if (t !== undefined) ticks.set(pid, t);
    }
    return ticks;
  }

  /** Milliseconds of backend CPU between two snapshots (backends that started meanwhile count from 0). */
  elapsedMs(before: Map<number, number>, after: Map<number, number>): number {
    let ticks = 0;
    for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
    return ticks * this.msPerTick;
  }

  close() {
    return this.client.end();
  }
}

async function measure(
  server: Server,
  settings: Settings,
  headers: Record<string, string>,
  backends: BackendCpu | undefined,
  profileFile?: string,
): Promise<RunResult> {
  const url = `http://${HOST}:${server.port}${settings.path}`;
  if (settings.warmupSeconds > 0) {
    const warm = await cannon(url, settings, headers, settings.warmupSeconds);
    if (warm.result.non2xx > 0 || warm.result.errors > 0)
      throw new Error(
        `${server.role}: warm-up got ${warm.result.non2xx} non-2xx and ${warm.result.errors} errors`,
      );
  }
  const dbBefore = await backends?.snapshot();
  await server.ask({ type: 'mark', profileFile }, 'marked');
  const { result, times } = await cannon(url, settings, headers, settings.durationSeconds);
  const stats = await server.ask({ type: 'stats' }, 'stats');
  const dbAfter = await backends?.snapshot();
  const dbCpuMs = backends && dbBefore && dbAfter ? backends.elapsedMs(dbBefore, dbAfter) : undefined;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${server.role}: got ${result.non2xx} non-2xx responses and ${result.errors} errors`);
  const requests = result.requests.total;
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return {
    requestsPerSecond: result.requests.average,
    requests,
    durationSeconds: result.duration,
    latencyMs: {
      mean,
      p50: percentile(times, 50),
      p90: percentile(times, 90),
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
    },
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    server: {
      cpuMsPerRequest: (stats.cpuUserMs + stats.cpuSystemMs) / Math.max(1, requests),
      cpuUserMs: stats.cpuUserMs,
      cpuSystemMs: stats.cpuSystemMs,
      eventLoopUtilization: stats.elu,
      rssMb: stats.rssMb,
    },
    profile: stats.profile,
    db:
      dbCpuMs === undefined
        ? undefined
        : { cpuMs: dbCpuMs, cpuMsPerRequest: dbCpuMs / Math.max(1, requests) },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

// ---------------------------------------------------------------------------------------------------
// Setting up the database and the SQL

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dropBenchDatabase = (adminUrl: string) =>
  withClient(adminUrl, (c) => c.query(`drop database if exists ${BENCH_DB} with (force)`));

async function prepareDatabase(settings: Settings, benchUrl: string) {
  await dropBenchDatabase(settings.databaseUrl);
  await withClient(settings.databaseUrl, (c) => c.query(`create database ${BENCH_DB}`));
  const database = openPostgres(benchUrl, 4);
  try {
    await database.migrate();
    await seedDatabase(database.db, { hashPassword, demo: true });
    const [enterprise] = await database.db.select({ id: enterprises.id }).from(enterprises).limit(1);
    if (!enterprise) throw new Error('the seed created no enterprise');
    const table = referenceTables.data_elements;
    for (let start = 0; start < settings.rows; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(settings.rows, start + 1000); i++) {
        rows.push({
          enterprise_id: enterprise.id,
          data_section_name: SECTION,
          label: benchLabel(i),
          code: `B${String(i + 1).padStart(6, '0')}`,
          description: `Benchmark row ${i + 1}: a description of typical length for a reference list entry.`,
          sort_order: i + 1,
        });
      }
      await database.db.insert(table).values(rows); // one multi-row INSERT per 1,000 rows
    }
    if (settings.mode === 'scoped') await addCredentials(database.db, enterprise.id, settings.rows);
    await withClient(benchUrl, (c) => c.query('analyze'));
    return { database, enterpriseId: enterprise.id };
  } catch (err) {
    await database.close();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// Main

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** CPU self time per request of each server's profile (the last round), by module and by function. */
function printProfiles(round: { ours: RunResult; raw: RunResult }) {
  for (const [role, run] of [
    ['ours', round.ours],
    ['raw', round.raw],
  ] as const) {
    const p = run.profile;
    if (!p) continue;
    const perRequest = (ms: number) => `${fmt((ms * 1000) / run.requests, 0).padStart(6)} µs`;
    console.log(
      `\nProfile of ${role}: ${fmt(p.sampledMs, 0)} ms busy (${fmt(p.idleMs, 0)} ms idle) over ${run.requests} requests, ` +
        `${fmt((p.sampledMs * 1000) / run.requests, 0)} µs busy/request (${path.relative(process.cwd(), p.file)})`,
    );
    console.log('  self time per request by module:');
    for (const m of p.byModule.slice(0, 18)) console.log(`    ${perRequest(m.ms)}  ${m.name}`);
    console.log('  by function:');
    for (const f of p.byFunction.slice(0, 20)) console.log(`    ${perRequest(f.ms)}  ${f.name}`);
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const benchUrl = withDatabase(settings.databaseUrl, BENCH_DB);
  const target = new URL(settings.path, `http://${HOST}`);
  const resource = benchResource(target.pathname);
  if (target.searchParams.has('search'))
    throw new Error('the raw server does not implement search; leave it out of BENCH_PATH');

  const servers: Server[] = [];
  let backends: BackendCpu | undefined;
  let setupDb: Awaited<ReturnType<typeof prepareDatabase>>['database'] | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      await Promise.allSettled(servers.map((s) => s.stop()));
      await backends?.close().catch(() => {});
      await setupDb?.close().catch(() => {});
      if (settings.keepDatabase) {
        console.log(`Kept the database ${BENCH_DB} (BENCH_KEEP_DB=1); drop it when done.`);
        return;
      }
      await dropBenchDatabase(settings.databaseUrl).catch((err: unknown) =>
        console.error(`could not drop ${BENCH_DB}:`, err),
      );
    })();
    return cleaned;
  };
  const abort = (why: string) => {
    console.error(`\n${why}: cleaning up`);
    void cleanup().finally(() => process.exit(2));
  };
  // Bounded: setup, then per round two servers of warm-up + measurement, with slack.
  const budgetMs =
    (180 + settings.rounds * 2 * (settings.warmupSeconds + settings.durationSeconds + 15)) * 1000;
  const watchdog = setTimeout(() => abort(`the benchmark took longer than ${budgetMs / 1000} s`), budgetMs);
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));

  try {
    const started = performance.now();
    console.log(
      `Preparing ${BENCH_DB} on ${new URL(benchUrl).host}: migrate, seed (demo), ${settings.rows} data_elements rows in section '${SECTION}'...`,
    );
    const prepared = await prepareDatabase(settings, benchUrl);
    setupDb = prepared.database;
    const { enterpriseId } = prepared;
    const scoped = settings.mode === 'scoped';
    const [applicant] = await setupDb.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.user_name, 'applicant'));
    // The portal caller as the auth hook would load it: no staff permission, so the row scope applies.
    const auth = scoped
      ? ({ userId: applicant!.id, permissions: new Set<string>() } as unknown as AuthContext)
      : null;
    const sql = listSql(setupDb.db, resource, enterpriseId, auth, target.searchParams);
    await setupDb.close();
    setupDb = undefined;
    console.log(`  ready in ${fmt((performance.now() - started) / 1000)} s`);

    // The raw server binds the enterprise id, the filters present in the URL, then LIMIT and OFFSET.
    const filterParams = Object.keys(resource.filters ?? {}).filter(
      (param) => (target.searchParams.get(param) ?? '') !== '',
    );
    const raw: RawQuery = {
      route: target.pathname,
      pageSql: sql.page.sql,
      countSql: sql.count.sql,
      enterpriseId,
      filterParams,
      fixed: scoped ? { page: sql.page.params, count: sql.count.params } : undefined,
    };
    const expected = rawParams(raw, Object.fromEntries(target.searchParams));
    if (!scoped)
      assert.deepEqual(
        expected.page,
        sql.page.params,
        'the raw page parameters differ from the ones drizzle binds',
      );
    if (!scoped)
      assert.deepEqual(
        expected.where,
        sql.count.params,
        'the raw count parameters differ from the ones drizzle binds',
      );

    const ours = new Server('ours');
    servers.push(ours);
    await ours.start({ type: 'start', role: 'ours', databaseUrl: benchUrl, poolSize: settings.poolSize });
    const login = await fetch(`http://${HOST}:${ours.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        scoped
          ? { user_name: 'applicant', password: 'applicant-demo-2026', isPortal: true }
          : { user_name: 'admin', password: 'admin-demo-2026', isPortal: false },
      ),
    });
    if (login.status !== 200)
      throw new Error(`sign-in as admin failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie };

    // What our endpoint really sends to PostgreSQL for one request, to check the raw SQL against it.
    await ours.ask({ type: 'capture', on: true }, 'capturing');
    const oursBody = await (await fetch(`http://${HOST}:${ours.port}${settings.path}`, { headers })).text();
    const { queries } = await ours.ask({ type: 'capture', on: false }, 'captured');
    const findQuery = (text: string) => queries.find((q) => q.text === text);
    assert.ok(
      findQuery(sql.page.sql),
      `our endpoint did not run the captured page SQL; it ran:\n${queries.map((q) => q.text).join('\n')}`,
    );
    assert.ok(findQuery(sql.count.sql), 'our endpoint did not run the captured count SQL');
    assert.deepEqual(findQuery(sql.page.sql)?.values, sql.page.params);
    const otherQueries = queries.filter((q) => q.text !== sql.page.sql && q.text !== sql.count.sql);
    if (settings.rawSession) {
      raw.session = otherQueries.find((q) => q.text.includes('"sessions"'));
      if (!raw.session) throw new Error('BENCH_RAW_SESSION: no session statement was captured');
    }

    const rawServer = new Server('raw');
    servers.push(rawServer);
    await rawServer.start({
      type: 'start',
      role: 'raw',
      databaseUrl: benchUrl,
      poolSize: settings.poolSize,
      raw,
    });
    const rawBody = await (await fetch(`http://${HOST}:${rawServer.port}${settings.path}`)).text();
    const oursJson = JSON.parse(oursBody) as { items: { id: string }[]; total: number };
    const rawJson = JSON.parse(rawBody) as { items: Record<string, unknown>[]; total: number };
    if (scoped) {
      // Ours presents each row (names, ISO dates); the raw server sends pg's rows: compare what was chosen.
      assert.equal(rawJson.total, oursJson.total, 'the two servers count differently');
      assert.deepEqual(
        rawJson.items.map((i) => i.id),
        oursJson.items.map((i) => i.id),
        'the two servers page differently',
      );
    } else assert.deepEqual(rawJson, oursJson, 'the two servers answer differently');
    if (oursJson.items.length === 0) throw new Error('the bench page is empty: nothing to measure');

    console.log(`\nPage SQL:  ${sql.page.sql}\n  params:  ${JSON.stringify(sql.page.params)}`);
    console.log(`Count SQL: ${sql.count.sql}`);
    console.log(`Other statements our endpoint ran for one request: ${otherQueries.length}`);
    for (const q of otherQueries) console.log(`  - ${q.text.replace(/\s+/g, ' ').slice(0, 140)}...`);
    console.log(
      `Responses: same JSON (${oursJson.items.length} items of ${oursJson.total}, ${oursBody.length} bytes ours, ${rawBody.length} bytes raw${oursBody === rawBody ? ', byte-identical' : ''})`,
    );
    console.log(
      `\nLoad: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per server, ` +
        `${settings.rounds} round(s), pool ${settings.poolSize} each, ${os.cpus().length} CPUs`,
    );

    const resultsDir = path.join(here, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    backends = await BackendCpu.open(settings.databaseUrl);
    const rounds: { ours: RunResult; raw: RunResult; ratio: number }[] = [];
    for (let r = 0; r < settings.rounds; r++) {
      // Alternate the order between rounds so neither side always runs on a warmer database.
      const order: Server[] = r % 2 === 0 ? [ours, rawServer] : [rawServer, ours];
      const results: Partial<Record<Role, RunResult>> = {};
      for (const server of order) {
        process.stdout.write(`  round ${r + 1}: ${server.role}...`);
        const profileFile = settings.profile
          ? path.join(resultsDir, `list-endpoint-${stamp}-${server.role}-${r + 1}.cpuprofile`)
          : undefined;
        results[server.role] = await measure(
          server,
          settings,
          server.role === 'ours' ? headers : {},
          backends,
          profileFile,
        );
        process.stdout.write(` ${fmt(results[server.role]!.requestsPerSecond, 0)} req/s\n`);
      }
      const o = results.ours!;
      const w = results.raw!;
      rounds.push({ ours: o, raw: w, ratio: o.requestsPerSecond / w.requestsPerSecond });
    }

    const summary = (pick: (x: (typeof rounds)[number]) => RunResult) => {
      const runs = rounds.map(pick);
      const db = runs.map((x) => x.db?.cpuMsPerRequest).filter((x) => x !== undefined);
      return {
        requestsPerSecond: median(runs.map((x) => x.requestsPerSecond)),
        p50: median(runs.map((x) => x.latencyMs.p50)),
        p99: median(runs.map((x) => x.latencyMs.p99)),
        cpuMsPerRequest: median(runs.map((x) => x.server.cpuMsPerRequest)),
        dbCpuMsPerRequest: db.length > 0 ? median(db) : undefined,
        eventLoopUtilization: median(runs.map((x) => x.server.eventLoopUtilization)),
      };
    };
    const o = summary((x) => x.ours);
    const w = summary((x) => x.raw);
    const ratio = median(rounds.map((x) => x.ratio));
    const pass = ratio >= settings.target;

    const columns = ['req/s', 'p50 ms', 'p99 ms', 'node µs/req', 'db µs/req', 'node busy'];
    const row = (name: string, cells: string[]) =>
      `${name.padEnd(20)}${cells.map((c, i) => c.padStart(Math.max(10, (columns[i]?.length ?? 0) + 2))).join('')}`;
    const line = (name: string, x: typeof o) =>
      row(name, [
        fmt(x.requestsPerSecond, 0),
        fmt(x.p50, 2),
        fmt(x.p99, 2),
        fmt(x.cpuMsPerRequest * 1000, 0),
        x.dbCpuMsPerRequest === undefined ? '-' : fmt(x.dbCpuMsPerRequest * 1000, 0),
        `${fmt(x.eventLoopUtilization * 100, 0)}%`,
      ]);
    console.log(
      `\nGET ${settings.path}${settings.rounds > 1 ? ` (medians of ${settings.rounds} rounds)` : ''}`,
    );
    console.log(row('', columns));
    console.log(line('ours (buildApp)', o));
    console.log(line(settings.rawSession ? 'raw + session sql' : 'raw (fastify + pg)', w));
    console.log(
      `\nThroughput ours/raw: ${fmt(ratio, 2)}x (target ${fmt(settings.target, 2)}x or better): ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(`p99 latency: ours ${fmt(o.p99, 2)} ms, raw ${fmt(w.p99, 2)} ms`);
    if (settings.rounds > 1) console.log(`ratio per round: ${rounds.map((x) => fmt(x.ratio, 2)).join(', ')}`);

    if (settings.profile) printProfiles(rounds.at(-1)!);

    const file = path.join(resultsDir, `list-endpoint-${stamp}.json`);
    const report = {
      benchmark: 'list-endpoint',
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      settings: { ...settings, databaseUrl: new URL(settings.databaseUrl).host },
      sql: { page: sql.page, count: sql.count, otherStatementsPerRequest: otherQueries.map((q) => q.text) },
      response: {
        items: oursJson.items.length,
        total: oursJson.total,
        bytes: oursBody.length,
        byteIdentical: oursBody === rawBody,
      },
      ours: o,
      raw: w,
      ratio,
      target: settings.target,
      pass,
      rounds,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results: ${path.relative(process.cwd(), file)}`);
    if (settings.strict && !pass) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

if (process.argv[2] === 'serve') {
  await serveChild();
} else {
  await main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  });
}
