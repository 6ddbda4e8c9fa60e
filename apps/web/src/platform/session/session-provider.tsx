import type { Enterprise, LoginInput } from '@licensure/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo } from 'react';
import { setUnauthenticatedHandler } from '../api/client';
import { idbShellCache } from '../offline/shell-cache';
import { liveShellSources, signInRequest, signOutRequest } from './session-api';
import { loadShell, loadSignedIn, type ShellState } from './shell-state';

export const SHELL_QUERY_KEY = ['shell'] as const;
// Public data that does not depend on who is signed in survives sign-in and sign-out.
const KEEP_ACROSS_SESSIONS = new Set(['shell', 'enterpriseLess']);

interface SessionContextValue {
  /** Undefined while the app is finding out whether there is a session. */
  shell: ShellState | undefined;
  loadError: unknown;
  signIn(input: LoginInput): Promise<ShellState>;
  signOut(): Promise<void>;
  /** The session ended on the server (expired, revoked): back to sign-in. */
  expire(): void;
  retry(): void;
  replaceEnterprise(enterprise: Enterprise): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => !KEEP_ACROSS_SESSIONS.has(String(q.queryKey[0])) });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SHELL_QUERY_KEY,
    queryFn: () => loadShell(liveShellSources),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const expire = useCallback(() => {
    queryClient.setQueryData<ShellState>(SHELL_QUERY_KEY, { status: 'anonymous', offline: false });
  }, [queryClient]);

  useEffect(() => {
    setUnauthenticatedHandler(expire);
    return () => setUnauthenticatedHandler(null);
  }, [expire]);

  const signIn = useCallback(
    async (input: LoginInput) => {
      const session = await signInRequest(input);
      forgetUserData(queryClient);
      const state = await loadSignedIn(session, liveShellSources);
      queryClient.setQueryData(SHELL_QUERY_KEY, state);
      return state;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await signOutRequest().catch(() => undefined);
    await idbShellCache.clear();
    forgetUserData(queryClient);
    const signedOut: ShellState = { status: 'anonymous', offline: false, signedOut: true };
    queryClient.setQueryData<ShellState>(SHELL_QUERY_KEY, signedOut);
  }, [queryClient]);

  const replaceEnterprise = useCallback(
    (enterprise: Enterprise) => {
      void idbShellCache.saveEnterprise(enterprise);
      queryClient.setQueryData<ShellState>(SHELL_QUERY_KEY, (old) =>
        old?.status === 'signed-in' ? { ...old, enterprise } : old,
      );
    },
    [queryClient],
  );

  const { refetch } = query;
  const value = useMemo<SessionContextValue>(
    () => ({
      shell: query.data,
      loadError: query.error,
      signIn,
      signOut,
      expire,
      retry: () => void refetch(),
      replaceEnterprise,
    }),
    [query.data, query.error, signIn, signOut, expire, refetch, replaceEnterprise],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in viewer; only call it below a session guard. */
export function useSignedIn() {
  const { shell } = useSession();
  if (shell?.status !== 'signed-in') throw new Error('useSignedIn needs a signed-in session');
  return shell;
}
