// Settings of the list-endpoint benchmark, read from the environment.
import { loadConfig } from '../../apps/server/src/config';

/** The database made (and dropped) for the run; BENCH_DB_NAME names another (engineers sharing a server). */
export const BENCH_DB = process.env.BENCH_DB_NAME || 'licensure_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('BENCH_DB_NAME: lower-case letters, digits and _');
export const SECTION = 'bench';
export const HOST = '127.0.0.1';

// ---------------------------------------------------------------------------------------------------
// Settings

export const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
};

export function readSettings() {
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
export type Settings = ReturnType<typeof readSettings>;

export const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
