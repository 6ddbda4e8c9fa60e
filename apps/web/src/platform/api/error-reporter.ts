import { getCsrfToken } from './csrf';
import { ApiError } from './errors';

const MAX_LENGTH = 20_000;
const recent = new Map<string, number>();

/**
 * Sends an unexpected client error to the server log, best effort: never throws, never reports the same
 * text twice within a minute (an error in a render loop must not flood the server).
 */
export function reportClientError(errorText: string): void {
  const text = errorText.trim().slice(0, MAX_LENGTH);
  if (!text) return;
  const now = Date.now();
  const last = recent.get(text);
  if (last !== undefined && now - last < 60_000) return;
  recent.set(text, now);
  if (recent.size > 100) recent.clear();

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const csrf = getCsrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    fetch('/api/Logger/LogAngularApiErrors', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ errorText: text }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting is best effort; nothing else to do.
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  try {
    return `Non-error value thrown: ${JSON.stringify(error)}`;
  } catch {
    return `Non-error value thrown: ${String(error)}`;
  }
}

/** Reports uncaught errors and unhandled promise rejections of the page. */
export function installGlobalErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const where = event.filename ? ` at ${event.filename}:${event.lineno}:${event.colno}` : '';
    reportClientError(
      `${event.error ? describeError(event.error) : event.message}${where}\nPage: ${target.location.href}`,
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // Expected API failures (validation, permission, offline) are shown to the user, not logged.
    if (event.reason instanceof ApiError && event.reason.status < 500) return;
    reportClientError(`Unhandled rejection: ${describeError(event.reason)}\nPage: ${target.location.href}`);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
