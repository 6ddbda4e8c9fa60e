import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker';

function fakeWindow(readyState: DocumentReadyState, withServiceWorker = true) {
  const register = vi.fn(async (_url: string) => ({}));
  const listeners: Array<() => void> = [];
  const win = {
    navigator: withServiceWorker ? { serviceWorker: { register } } : {},
    document: { readyState },
    addEventListener: vi.fn((type: string, listener: () => void) => {
      if (type === 'load') listeners.push(listener);
    }),
  } as unknown as Window;
  const load = () => {
    for (const listener of listeners) listener();
  };
  return { win, register, load };
}

describe('registerServiceWorker', () => {
  it('registers after the page has loaded', () => {
    const { win, register, load } = fakeWindow('interactive');
    registerServiceWorker(true, win);
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(true, win);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });

  it('does nothing outside production builds or without service worker support', () => {
    const dev = fakeWindow('complete');
    registerServiceWorker(false, dev.win);
    expect(dev.register).not.toHaveBeenCalled();

    const unsupported = fakeWindow('complete', false);
    registerServiceWorker(true, unsupported.win);
    expect(unsupported.win.addEventListener).not.toHaveBeenCalled();
  });

  it('is off in the test build', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(undefined, win);
    expect(register).not.toHaveBeenCalled();
  });
});
