// Measuring in the list-endpoint benchmark: autocannon runs, the database backends' CPU, percentiles.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ProfileSummary } from '../lib/cpu-profile';
import type { Server } from './servers';
import { BENCH_DB, HOST, type Settings } from './settings';

// ---------------------------------------------------------------------------------------------------
// Measuring

export interface RunResult {
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

export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0);

export function cannon(url: string, settings: Settings, headers: Record<string, string>, seconds: number) {
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
export class BackendCpu {
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

export async function measure(
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

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
