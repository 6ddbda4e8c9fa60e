import { messages } from '@licensure/contracts';
import { type Db, enterprises, user_statuses, users } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import { createSession, type NewSession } from '../../platform/auth/session-store';
import {
  clearCounters,
  countersOf,
  recordFailure,
  retryAfterSeconds,
} from '../../platform/auth/sign-in-throttle';
import { AppError } from '../../platform/http/errors';

export interface SignInInput {
  enterpriseId: string;
  userName: string;
  password: string;
  isPortal: boolean;
  ip?: string;
  userAgent?: string;
}

/** Refused before the password is checked: the name (known or not) had too many failures lately. */
export class SignInThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', messages.signInThrottled);
  }
}

/**
 * Password sign-in: checks the enterprise allows it, the name's failure throttle, the password, the
 * user status (the explicit lock staff set) and the kind of session. An unknown name costs the same
 * work and gets the same answers as a known one, so neither the status nor the timing tells them apart.
 */
export async function signIn(db: Db, input: SignInInput): Promise<NewSession> {
  const [enterprise] = await db.select().from(enterprises).where(eq(enterprises.id, input.enterpriseId));
  if (!enterprise) throw new AppError('invalid_credentials', messages.invalidCredentials);
  if (enterprise.disable_password_login) throw new AppError('forbidden', messages.passwordLoginDisabled);

  const counters = countersOf(enterprise.id, input.userName, input.ip, enterprise);
  const wait = await retryAfterSeconds(db, counters);
  if (wait > 0) throw new SignInThrottled(wait);

  const [user] = await db
    .select({
      id: users.id,
      enterprise_id: users.enterprise_id,
      password_hash: users.password_hash,
      is_staff: users.is_staff,
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

  // No account, or one without a password (single sign-on only): the same hash work as a real check.
  const verified = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !verified) {
    await recordFailure(db, counters);
    throw new AppError('invalid_credentials', messages.invalidCredentials);
  }
  await clearCounters(db, counters);

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
    .set({ failed_login_count: 0, last_login_at: new Date() })
    .where(eq(users.id, user.id));
  return createSession(db, user, input.isPortal, enterprise.session_idle_minutes, {
    ip: input.ip,
    userAgent: input.userAgent,
  });
}
