import type { Database } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { schemaState } from './schema-version';

export type CheckName = 'database' | 'migrations' | 'jobs';

export interface Readiness {
  ready: boolean;
  /** 'ok', or what is wrong, for each part. */
  checks: Record<CheckName, string>;
  failing: CheckName[];
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Whether this process can serve: the database answers, every migration of this code is applied (and
 * none newer), and the job queue runs (mail, events and scheduled work depend on it).
 */
export async function checkReadiness(
  database: Database,
  // The job queue's flag (platform/jobs imports ops for its counters, so ops names no type of jobs).
  jobs: { readonly started: boolean },
  timeoutMs = 2000,
): Promise<Readiness> {
  const checks: Record<CheckName, string> = { database: 'ok', migrations: 'ok', jobs: 'ok' };
  try {
    await withTimeout(database.db.execute(sql`select 1`), timeoutMs, 'the database');
    try {
      const s = await withTimeout(schemaState(database), timeoutMs, 'the migration table');
      if (s.newer) checks.migrations = 'the database was migrated by a newer release';
      else if (!s.current) checks.migrations = `${s.applied} of ${s.known} migrations applied`;
    } catch (err) {
      checks.migrations = messageOf(err);
    }
  } catch (err) {
    checks.database = messageOf(err);
    checks.migrations = 'unknown: the database does not answer';
  }
  if (!jobs.started) checks.jobs = 'the job queue is not running';
  const failing = (Object.keys(checks) as CheckName[]).filter((k) => checks[k] !== 'ok');
  return { ready: failing.length === 0, checks, failing };
}
