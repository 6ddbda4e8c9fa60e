import type { Account, Enterprise, SessionInfo } from '@licensure/contracts';
import { isUnreachable } from '../api/errors';
import type { ShellCache } from '../offline/shell-cache';

/** Who is using the app, as far as the screens care (from the session, or from the cached account offline). */
export interface Viewer {
  user_name: string;
  first_name: string | null;
  last_name: string | null;
  is_staff: boolean;
  isPortal: boolean;
  permissions: readonly string[];
}

export type ShellState =
  | {
      status: 'anonymous';
      offline: boolean;
      /** Set when the user signed out on purpose (sign-in then needs no "next" page). */
      signedOut?: boolean;
    }
  | {
      status: 'signed-in';
      /** True when the server could not be reached and the viewer comes from the offline cache. */
      offline: boolean;
      viewer: Viewer;
      account: Account | null;
      enterprise: Enterprise | null;
    };

export interface ShellSources {
  /** The current session, or null when there is none (401). Throws an ApiError when the server fails. */
  checkSession(): Promise<SessionInfo | null>;
  fetchAccount(): Promise<Account>;
  fetchEnterprise(): Promise<Enterprise>;
  cache: ShellCache;
}

export function viewerOf(source: SessionInfo | Account): Viewer {
  return {
    user_name: source.user_name,
    first_name: source.first_name,
    last_name: source.last_name,
    is_staff: source.is_staff,
    isPortal: source.isPortal,
    permissions: source.permissions,
  };
}

/** The area a viewer belongs in: applicants (and staff who signed in to the portal) use the portal. */
export function homePath(viewer: Viewer): '/staff' | '/portal' {
  return viewer.is_staff && !viewer.isPortal ? '/staff' : '/portal';
}

export function displayName(viewer: Viewer): string {
  const name = [viewer.first_name, viewer.last_name].filter(Boolean).join(' ');
  return name || viewer.user_name;
}

/** Loads account and enterprise of a live session and refreshes the offline cache with them. */
export async function loadSignedIn(session: SessionInfo, sources: ShellSources): Promise<ShellState> {
  const [account, enterprise] = await Promise.all([
    sources.fetchAccount().catch(() => null),
    // Not every user may read the enterprise; the shell works without it.
    sources.fetchEnterprise().catch(() => null),
  ]);
  if (account) await sources.cache.saveAccount(account);
  if (enterprise) await sources.cache.saveEnterprise(enterprise);
  return { status: 'signed-in', offline: false, viewer: viewerOf(session), account, enterprise };
}

/** The state the app opens in: the live session, the cached one when the server is unreachable, or none. */
export async function loadShell(sources: ShellSources): Promise<ShellState> {
  let session: SessionInfo | null;
  try {
    session = await sources.checkSession();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    return loadOffline(sources.cache);
  }
  if (!session) return { status: 'anonymous', offline: false };
  return loadSignedIn(session, sources);
}

export async function loadOffline(cache: ShellCache): Promise<ShellState> {
  const [account, enterprise] = await Promise.all([cache.getAccount(), cache.getEnterprise()]);
  if (!account) return { status: 'anonymous', offline: true };
  return { status: 'signed-in', offline: true, viewer: viewerOf(account), account, enterprise };
}

export function hasPermission(viewer: Viewer | null | undefined, key: string): boolean {
  return !!viewer && viewer.permissions.includes(key);
}
