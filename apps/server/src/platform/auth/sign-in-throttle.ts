import { createHash } from 'node:crypto';
import { type Db, signInThrottles } from '@licensure/db';
import { and, eq, gt, inArray, like, lt, or, sql } from 'drizzle-orm';

/**
 * Growing delays after failed password sign-ins, instead of a lock-out that anyone could trigger
 * (docs/security.md). Two counters per attempt, both keyed by the name typed, so an unknown name is
 * treated exactly as a real one:
 * - the account from one source address: `free` failures (the enterprise's max_failed_logins), then
 *   a wait that doubles per failure from 1 s up to the enterprise's lockout_minutes;
 * - the account from anywhere (a guesser spread over many addresses): 20 free, then the same doubling
 *   up to an hour. Only this one can delay the real owner, and only after 20 failures.
 * Volume from one address across many names is bounded by the per-address LOGIN_RATE_LIMIT.
 */
export const ACCOUNT_FREE_FAILURES = 20;
export const ACCOUNT_MAX_WAIT_SECONDS = 60 * 60;
/** Failures older than this are forgiven (the counter restarts). */
const FORGET_AFTER = sql`interval '1 day'`;

export interface ThrottleSettings {
  max_failed_logins: number;
  lockout_minutes: number;
}

interface Counter {
  key: string;
  free: number;
  maxWaitSeconds: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/** The key of an account name: also the prefix of its per-address keys. */
export const accountKey = (enterpriseId: string, userName: string) =>
  sha256(`${enterpriseId}\0${userName.trim().toLowerCase()}`);

export function countersOf(
  enterpriseId: string,
  userName: string,
  ip: string | undefined,
  settings: ThrottleSettings,
): Counter[] {
  const account = accountKey(enterpriseId, userName);
  return [
    {
      key: `${account}:${sha256(ip ?? 'unknown')}`,
      free: settings.max_failed_logins,
      maxWaitSeconds: settings.lockout_minutes * 60,
    },
    { key: account, free: ACCOUNT_FREE_FAILURES, maxWaitSeconds: ACCOUNT_MAX_WAIT_SECONDS },
  ];
}

/** Seconds to wait before another attempt may be checked; 0 when it may be checked now. */
export async function retryAfterSeconds(db: Db, counters: Counter[]): Promise<number> {
  const [row] = await db
    .select({ until: sql<Date | string | null>`max(${signInThrottles.blocked_until})` })
    .from(signInThrottles)
    .where(
      and(
        inArray(
          signInThrottles.key,
          counters.map((c) => c.key),
        ),
        gt(signInThrottles.blocked_until, sql`now()`),
      ),
    );
  if (!row?.until) return 0;
  return Math.max(1, Math.ceil((new Date(row.until).getTime() - Date.now()) / 1000));
}

/** Counts a failure on every counter; past its free failures a counter blocks for 2^(n-free-1) s, capped. */
export async function recordFailure(db: Db, counters: Counter[]): Promise<void> {
  const t = signInThrottles;
  for (const c of counters) {
    const failures = sql`case when ${t.updated_at} < now() - ${FORGET_AFTER} then 1 else ${t.failures} + 1 end`;
    await db
      .insert(t)
      .values({
        key: c.key,
        failures: 1,
        blocked_until: c.free < 1 ? sql`now() + interval '1 second'` : null,
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures,
          blocked_until: sql`case when ${failures} > ${c.free}
            then now() + make_interval(secs => least(power(2, least(${failures} - ${c.free} - 1, 30)), ${c.maxWaitSeconds}))
            else null end`,
          updated_at: sql`now()`,
        },
      });
  }
}

/** After a successful sign-in: the account's counter and the one of this address start again. */
export async function clearCounters(db: Db, counters: Counter[]): Promise<void> {
  await db.delete(signInThrottles).where(
    inArray(
      signInThrottles.key,
      counters.map((c) => c.key),
    ),
  );
}

/** After a password reset (the owner proved they hold the mailbox): every counter of the account. */
export async function clearAccount(db: Db, enterpriseId: string, userName: string): Promise<void> {
  const account = accountKey(enterpriseId, userName);
  await db
    .delete(signInThrottles)
    .where(or(eq(signInThrottles.key, account), like(signInThrottles.key, `${account}:%`)));
}

/** Drops counters nobody failed on for a day (called with the hourly session purge). */
export async function purgeStaleThrottles(db: Db): Promise<void> {
  await db.delete(signInThrottles).where(lt(signInThrottles.updated_at, sql`now() - ${FORGET_AFTER}`));
}
