import { liveQuery } from 'dexie';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSession, useSignedIn } from '../../../platform/session/session-provider';
import { onServerReached, syncVisit, visitsWaiting } from './sync-engine';

/**
 * The answer of a query on the device's database, kept current as the database changes (Dexie's
 * liveQuery); the query starts again when `key` (what it depends on) changes. `undefined` while the
 * first answer is on its way.
 */
export function useLive<T>(query: () => Promise<T>, key: string): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const latest = useRef(query);
  latest.current = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what the query depends on.
  useEffect(() => {
    setValue(undefined);
    const subscription = liveQuery(() => latest.current()).subscribe({
      next: (v) => setValue(() => v),
      error: () => setValue(undefined),
    });
    return () => subscription.unsubscribe();
  }, [key]);
  return value;
}

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Whether the browser has a network connection (it says so; the server may still be unreachable). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * While the app runs on the session saved on this device (opened without a server), a sync the server
 * answered shows the connection is back: the session is checked again, so the app leaves its offline
 * state and the "You are offline" notice goes.
 */
export function useReconnectShell(): void {
  const { shell, retry } = useSession();
  const offline = shell?.status === 'signed-in' && shell.offline;
  useEffect(() => (offline ? onServerReached(retry) : undefined), [offline, retry]);
}

/** Uploads the waiting changes of every visit on this device when the connection returns (and at once). */
export function useAutoSync(): void {
  useReconnectShell();
  const { account } = useSignedIn();
  const online = useOnline();
  const userId = account?.id ?? '';
  useEffect(() => {
    if (!online || !userId) return;
    let cancelled = false;
    void (async () => {
      for (const visitId of await visitsWaiting()) {
        if (cancelled) return;
        await syncVisit(visitId, userId);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [online, userId]);
}

/** After a change on the device: upload at once when there is a connection (else it waits). */
export function syncIfOnline(visitId: string, userId: string): void {
  if (navigator.onLine && userId) void syncVisit(visitId, userId);
}
