import type { Db, Notifier } from '@licensure/db';
import type { AuthContext } from './context';
import { endSession, expireSession, hashToken, loadSession } from './session-store';

const CHANNEL = 'session_invalidate';

/**
 * Sessions resolved in this process, kept for a few seconds so a request costs no session query.
 * Ending or expiring a session (and, later, changing someone's permissions) invalidates it in every
 * server process through NOTIFY; the TTL bounds how stale anything not invalidated can be.
 */
export function createSessionCache(db: Db, notifier: Notifier, ttlMs = 10_000, maxEntries = 20_000) {
  const entries = new Map<string, { auth: AuthContext; at: number }>();
  let listening: Promise<unknown> | undefined;

  const forget = (payload: string) => (payload === '*' ? entries.clear() : entries.delete(payload));

  return {
    /** Subscribes to invalidations from other processes; call before serving. */
    listen() {
      listening ??= notifier.listen(CHANNEL, forget);
      return listening;
    },
    async get(token: string): Promise<AuthContext | null> {
      const id = hashToken(token);
      const now = Date.now();
      const hit = entries.get(id);
      if (hit && now - hit.at < ttlMs && hit.auth.expiresAt.getTime() > now) return hit.auth;
      const auth = await loadSession(db, token);
      if (!auth) {
        entries.delete(id);
        return null;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(id, { auth, at: now });
      return auth;
    },
    async end(sessionId: string): Promise<void> {
      await endSession(db, sessionId);
      await this.invalidate(sessionId);
    },
    async expire(sessionId: string): Promise<void> {
      await expireSession(db, sessionId);
      await this.invalidate(sessionId);
    },
    /** Drops one session, or every session ('*'), from the caches of all server processes. */
    async invalidate(sessionId: string | '*'): Promise<void> {
      forget(sessionId);
      await notifier.notify(CHANNEL, sessionId);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
