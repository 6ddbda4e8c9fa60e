import { describeError, reportClientError } from '../api/error-reporter';

/** The service worker that keeps the app shell for offline use (apps/web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded, so that it does not compete with the first
 * load. Production builds only: in development Vite serves modules that the worker must not cache.
 */
export function registerServiceWorker(enabled: boolean = import.meta.env.PROD, win: Window = window): void {
  if (!enabled || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      reportClientError(`Service worker registration failed: ${describeError(error)}`);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
