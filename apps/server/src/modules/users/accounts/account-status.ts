import type { AccountStatus } from '@licensure/contracts';
import { type Db, signInThrottles, type Tx, user_statuses, users } from '@licensure/db';
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../../platform/audit/record-change';
import { accountKey, clearAccount } from '../../../platform/auth/sign-in-throttle';
import { notFound } from '../../../platform/http/errors';

/** The person of an enterprise with the user status that may lock them; 404 when absent or deleted. */
export async function accountOf(db: Db | Tx, enterpriseId: string, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      user_name: users.user_name,
      email: users.email,
      password_hash: users.password_hash,
      last_login_at: users.last_login_at,
      user_status_id: users.user_status_id,
      status_locked: user_statuses.locked,
      status_message: user_statuses.locked_message,
    })
    .from(users)
    .leftJoin(user_statuses, eq(user_statuses.id, users.user_status_id))
    .where(and(eq(users.id, id), eq(users.enterprise_id, enterpriseId), isNull(users.deleted_at)));
  if (!row) throw notFound('person');
  return row;
}
type Account = Awaited<ReturnType<typeof accountOf>>;

/** The throttle counters of a user name: the name from anywhere, and the name from each address. */
const countersOfName = (enterpriseId: string, userName: string) => {
  const key = accountKey(enterpriseId, userName);
  return or(eq(signInThrottles.key, key), like(signInThrottles.key, `${key}:%`));
};

/** Whether a person can sign in now: the lock staff set, and the waits failed attempts caused. */
export async function accountStatusOf(db: Db, enterpriseId: string, a: Account): Promise<AccountStatus> {
  let throttledUntil: Date | null = null;
  let failures = 0;
  if (a.user_name) {
    const key = accountKey(enterpriseId, a.user_name);
    const [row] = await db
      .select({
        until: sql<
          string | null
        >`max(${signInThrottles.blocked_until}) filter (where ${signInThrottles.blocked_until} > now())`,
        failures: sql<number>`cast(coalesce(max(${signInThrottles.failures}) filter (where ${signInThrottles.key} = ${key} and ${signInThrottles.updated_at} > now() - interval '1 day'), 0) as integer)`,
      })
      .from(signInThrottles)
      .where(countersOfName(enterpriseId, a.user_name));
    throttledUntil = row?.until ? new Date(row.until) : null;
    failures = row?.failures ?? 0;
  }
  return {
    user_id: a.id,
    user_name: a.user_name,
    email: a.email,
    has_password: a.password_hash !== null,
    locked: a.status_locked === true,
    lock_message: a.status_locked ? a.status_message || null : null,
    throttled: throttledUntil !== null,
    throttled_until: throttledUntil ? throttledUntil.toISOString() : null,
    recent_failures: failures,
    last_login_at: a.last_login_at ? a.last_login_at.toISOString() : null,
  };
}

/**
 * Lets the person sign in again: forgets the failed attempts on their user name (every address) and
 * removes a user status that locks the account. Recorded in the change log.
 */
export async function unlockAccount(tx: Tx, actor: Actor, enterpriseId: string, a: Account): Promise<void> {
  const before = { user_status_id: a.user_status_id, locked: a.status_locked === true };
  await tx
    .update(users)
    .set({
      failed_login_count: 0,
      locked_until: null,
      ...(a.status_locked ? { user_status_id: null } : {}),
      updated_at: new Date(),
    })
    .where(eq(users.id, a.id));
  if (a.user_name) await clearAccount(tx, enterpriseId, a.user_name);
  await recordChange(tx, actor, {
    entity: 'users',
    objectId: a.id,
    action: 'update',
    before,
    after: {
      user_status_id: a.status_locked ? null : a.user_status_id,
      locked: false,
      sign_in_waits: 'cleared',
    },
  });
}
