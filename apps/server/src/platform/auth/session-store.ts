import { createHash, randomBytes } from 'node:crypto';
import { type Db, enterprises, securityTemplates, sessions, users } from '@licensure/db';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AuthContext } from './context';

export { SESSION_COOKIE } from '../http/session-cookie';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  user: { id: string; enterprise_id: string },
  isPortal: boolean,
  idleMinutes: number,
  meta: { ip?: string; userAgent?: string },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + idleMinutes * 60_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    user_id: user.id,
    enterprise_id: user.enterprise_id,
    is_portal: isPortal,
    csrf_token: randomBytes(24).toString('base64url'),
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 500),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The session of a cookie token with its user and permissions, in one query. Portal sessions get the
 * permissions of the enterprise's portal templates only, whatever staff templates the person holds.
 */
export async function loadSession(db: Db, token: string): Promise<AuthContext | null> {
  const id = hashToken(token);
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userName: users.user_name,
      firstName: users.first_name,
      lastName: users.last_name,
      enterpriseId: sessions.enterprise_id,
      isPortal: sessions.is_portal,
      isStaff: users.is_staff,
      csrfToken: sessions.csrf_token,
      expiresAt: sessions.expires_at,
      lastSeenAt: sessions.last_seen_at,
      idleMinutes: enterprises.session_idle_minutes,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p.permission_key)
        from security_template_permissions p
        where p.security_template_id in (
          select ust.security_template_id from user_security_templates ust
          where ust.user_id = ${users.id} and not ${sessions.is_portal}
          union
          select st.id from ${securityTemplates} st
          where st.enterprise_id = ${sessions.enterprise_id} and st.is_portal_default and ${sessions.is_portal}
        )), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(enterprises, eq(enterprises.id, sessions.enterprise_id))
    .where(and(eq(sessions.id, id), gt(sessions.expires_at, sql`now()`), sql`${users.deleted_at} is null`))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: r.sessionId,
    userId: r.userId,
    userName: r.userName ?? '',
    firstName: r.firstName,
    lastName: r.lastName,
    enterpriseId: r.enterpriseId,
    isPortal: r.isPortal,
    isStaff: r.isStaff,
    csrfToken: r.csrfToken,
    expiresAt: r.expiresAt,
    idleMinutes: r.idleMinutes,
    permissions: new Set(r.permissions),
  };
}

/** Extends the idle timer; skipped when the session was extended in the last minute. */
export async function touchSession(db: Db, auth: AuthContext, force = false): Promise<Date> {
  const expiresAt = new Date(Date.now() + auth.idleMinutes * 60_000);
  if (!force && expiresAt.getTime() - auth.expiresAt.getTime() < 60_000) return auth.expiresAt;
  await db
    .update(sessions)
    .set({ expires_at: expiresAt, last_seen_at: new Date() })
    .where(eq(sessions.id, auth.sessionId));
  return expiresAt;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function expireSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ expires_at: new Date() }).where(eq(sessions.id, sessionId));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, sql`now() - interval '1 day'`));
}

export { hashToken };
