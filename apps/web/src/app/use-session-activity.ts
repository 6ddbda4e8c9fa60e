import { useEffect, useRef } from 'react';
import { isSessionAlive, sessionCheckin } from '../platform/session/session-api';

const CHECKIN_INTERVAL_MS = 60_000;
const ALIVE_POLL_MS = 5 * 60_000;

/**
 * Keeps the server's idle timer in step with the user: user activity checks the session in at most once a
 * minute, and a periodic is-alive probe notices a session that expired while the tab sat idle.
 */
export function useSessionActivity(enabled: boolean, isPortal: boolean, onExpired: () => void): void {
  const lastCheckin = useRef(Date.now());
  const expired = useRef(onExpired);
  expired.current = onExpired;

  useEffect(() => {
    if (!enabled) return;
    lastCheckin.current = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - lastCheckin.current < CHECKIN_INTERVAL_MS) return;
      lastCheckin.current = now;
      // A 401 here goes through the client's unauthenticated handler; other failures do not matter.
      sessionCheckin().catch(() => undefined);
    };
    const probe = () => {
      isSessionAlive(isPortal)
        .then((alive) => {
          if (alive === false) expired.current();
        })
        .catch(() => undefined);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, onActivity, { passive: true });
    const timer = window.setInterval(probe, ALIVE_POLL_MS);
    return () => {
      for (const name of events) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, [enabled, isPortal]);
}
