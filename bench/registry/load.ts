/** Load with autocannon, latencies recorded per response (autocannon itself reports no p95). */
import autocannon from 'autocannon';
import { type Endpoint, interleave } from './search-bodies';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface Run {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** The share of the CPUs other processes used meanwhile (see cpu.ts); set by the caller. */
  othersCpu?: number;
  /** CPU time per request of the load generator, the server and its PostgreSQL backends together. */
  cpuMsPerRequest?: number;
  /** Of which the server process, and PostgreSQL. */
  serverMsPerRequest?: number;
  postgresMsPerRequest?: number;
}

/** One autocannon run; latencies are recorded per response, so p95 is exact (autocannon reports no p95). */
export async function load(
  url: string,
  e: Endpoint,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const bodies = interleave(e);
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        requests: [
          {
            setupRequest: (req) => {
              next = (next + 1) % bodies.length;
              return { ...req, body: bodies[next] };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_c, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const run: Run = {
    connections,
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  return run;
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

export const formatRun = (run: Run) =>
  `${String(run.connections).padStart(3)} conn: ${f(run.requestsPerSecond).padStart(7)} req/s  p50 ${f(run.p50).padStart(6)}  p95 ${f(run.p95).padStart(6)}  p99 ${f(run.p99).padStart(6)} ms  (${run.non2xx} non-2xx, ${run.errors} errors${run.cpuMsPerRequest === undefined || Number.isNaN(run.cpuMsPerRequest) ? '' : `, CPU ms/req ${f(run.cpuMsPerRequest)} (node ${f(run.serverMsPerRequest ?? Number.NaN)}, pg ${f(run.postgresMsPerRequest ?? Number.NaN)}), others used ${((run.othersCpu ?? 0) * 100).toFixed(0)}% CPU`})`;
