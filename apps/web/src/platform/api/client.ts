import { getCsrfToken, setCsrfToken } from './csrf';
import { reportClientError } from './error-reporter';
import { ApiError, networkError, parseApiError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 from this call is an answer (bad password, no session yet), not a reason to go to sign-in. */
  skipAuthRedirect?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let unauthenticatedHandler: (() => void) | null = null;

/** Registers what happens when any call answers 401 (the session is gone): the app goes to sign-in. */
export function setUnauthenticatedHandler(handler: (() => void) | null): void {
  unauthenticatedHandler = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const csrf = getCsrfToken();
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }
}

/** The CSRF token may be stale (another tab signed in again); CheckSession hands out the current one. */
async function refreshCsrfToken(): Promise<boolean> {
  try {
    const response = await fetch('/api/CheckSession', { credentials: 'same-origin' });
    if (!response.ok) return false;
    const body = (await response.json()) as { csrfToken?: unknown };
    if (typeof body.csrfToken !== 'string') return false;
    setCsrfToken(body.csrfToken);
    return true;
  } catch {
    return false;
  }
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options);
  let body = await readBody(response);
  if (response.status === 403 && method !== 'GET') {
    const error = parseApiError(response.status, body);
    if (error.code === 'csrf_failed' && (await refreshCsrfToken())) {
      response = await send(method, path, options);
      body = await readBody(response);
    }
  }
  if (response.ok) return body as T;

  const error = parseApiError(response.status, body);
  if (response.status === 401 && !options.skipAuthRedirect) unauthenticatedHandler?.();
  if (
    response.status >= 500 &&
    response.status !== 502 &&
    response.status !== 503 &&
    response.status !== 504
  ) {
    reportClientError(`API ${method} ${path} answered ${response.status} ${error.code}: ${error.message}`);
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

export { ApiError };
