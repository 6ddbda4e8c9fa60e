import { messages } from '@licensure/contracts';
import { type Db, enterprises, user_statuses, users } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import { createSession, type NewSession } from '../../platform/auth/session-store';
import { AppError } from '../../platform/http/errors';

export interface SignInInput {
  enterpriseId: string;
  userName: string;
  password: string;
  isPortal: boolean;
  ip?: string;
  userAgent?: string;
}

/**
 * Password sign-in: checks the enterprise allows it, the account is not locked, the password, the
 * user status and the kind of session; counts failures and locks the account after too many.
 */
export async function signIn(db: Db, input: SignInInput): Promise<NewSession> {
  const [enterprise] = await db.select().from(enterprises).where(eq(enterprises.id, input.enterpriseId));
  if (!enterprise) throw new AppError('invalid_credentials', messages.invalidCredentials);
  if (enterprise.disable_password_login) throw new AppError('forbidden', messages.passwordLoginDisabled);

  const [user] = await db
    .select({
      id: users.id,
      enterprise_id: users.enterprise_id,
      password_hash: users.password_hash,
      is_staff: users.is_staff,
      locked_until: users.locked_until,
      failed_login_count: users.failed_login_count,
      status_locked: user_statuses.locked,
      status_message: user_statuses.locked_message,
    })
    .from(users)
    .leftJoin(user_statuses, eq(user_statuses.id, users.user_status_id))
    .where(
      and(
        eq(users.enterprise_id, enterprise.id),
        sql`lower(${users.user_name}) = lower(${input.userName})`,
        isNull(users.deleted_at),
      ),
    );

  if (!user) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw new AppError('invalid_credentials', messages.invalidCredentials);
  }
  if (user.locked_until && user.locked_until > new Date())
    throw new AppError('account_locked', messages.accountLocked);

  if (!(await verifyPassword(user.password_hash, input.password))) {
    const failures = user.failed_login_count + 1;
    const lock = failures >= enterprise.max_failed_logins;
    await db
      .update(users)
      .set({
        failed_login_count: lock ? 0 : failures,
        locked_until: lock ? new Date(Date.now() + enterprise.lockout_minutes * 60_000) : user.locked_until,
      })
      .where(eq(users.id, user.id));
    if (lock) throw new AppError('account_locked', messages.accountLocked);
    throw new AppError('invalid_credentials', messages.invalidCredentials);
  }

  if (user.status_locked) {
    throw new AppError(
      'forbidden',
      user.status_message || 'This account is locked. Contact the licensing office.',
    );
  }
  if (!input.isPortal && !user.is_staff) {
    throw new AppError(
      'forbidden',
      'This account cannot sign in to the staff application. Sign in to the portal instead.',
    );
  }

  await db
    .update(users)
    .set({ failed_login_count: 0, locked_until: null, last_login_at: new Date() })
    .where(eq(users.id, user.id));
  return createSession(db, user, input.isPortal, enterprise.session_idle_minutes, {
    ip: input.ip,
    userAgent: input.userAgent,
  });
}
