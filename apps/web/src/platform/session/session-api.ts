import type { Account, Enterprise, LoginInput, SessionInfo } from '@licensure/contracts';
import { api } from '../api/client';
import { setCsrfToken } from '../api/csrf';
import { ApiError } from '../api/errors';
import { idbShellCache } from '../offline/shell-cache';
import type { ShellSources } from './shell-state';

export async function checkSession(): Promise<SessionInfo | null> {
  try {
    const session = await api.get<SessionInfo>('/api/CheckSession', { skipAuthRedirect: true });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export async function signInRequest(input: LoginInput): Promise<SessionInfo> {
  const session = await api.post<SessionInfo>('/api/auth/login', input, { skipAuthRedirect: true });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function signOutRequest(): Promise<void> {
  try {
    await api.post<void>('/api/auth/logout', undefined, { skipAuthRedirect: true });
  } finally {
    setCsrfToken(null);
  }
}

export const fetchAccount = () => api.get<Account>('/api/account');
export const fetchEnterprise = () => api.get<Enterprise>('/api/enterprise');

export const liveShellSources: ShellSources = {
  checkSession,
  fetchAccount,
  fetchEnterprise,
  cache: idbShellCache,
};

export const sessionCheckin = () => api.put<{ expires_at: string }>('/api/session/checkin');

export const isSessionAlive = (isPortal: boolean) =>
  api.get<boolean | null>('/api/IsSessionAlive', { query: { isPortal }, skipAuthRedirect: true });
