// The processes of the list-endpoint benchmark: the script forks itself as `serve` to host one server
// (ours or the raw comparison) per process.
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '@licensure/db';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type CpuProfile, type ProfileSummary, summarizeProfile } from '../lib/cpu-profile';
import { HOST } from './settings';

// ---------------------------------------------------------------------------------------------------
// The processes: this script forks itself as `serve` to host one server per process.

export type Role = 'ours' | 'raw';

export interface RawQuery {
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

export type ToChild =
  | { type: 'start'; role: Role; databaseUrl: string; poolSize: number; raw?: RawQuery }
  | { type: 'capture'; on: boolean }
  | { type: 'mark'; profileFile?: string }
  | { type: 'stats' }
  | { type: 'stop' };

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export type FromChild =
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
export function rawParams(
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

export async function startProfiler(file: string) {
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

export async function serveChild(): Promise<void> {
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
export async function startOurs(databaseUrl: string, poolSize: number) {
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
export async function startRaw(databaseUrl: string, poolSize: number, raw: RawQuery) {
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

export class Server {
  private readonly waiting = new Map<FromChild['type'], (m: FromChild) => void>();
  readonly child: ChildProcess;
  port = 0;
  private failure: Error | undefined;

  constructor(readonly role: Role) {
    // Same loader flags (tsx) as this process; one process per server, as in production.
    this.child = fork(fileURLToPath(new URL('../list-endpoint.ts', import.meta.url)), ['serve'], {
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
