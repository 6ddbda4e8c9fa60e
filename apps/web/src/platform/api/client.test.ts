import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, buildUrl, setUnauthenticatedHandler } from './client';
import { setCsrfToken } from './csrf';
import { ApiError } from './errors';

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
  setUnauthenticatedHandler(null);
});

describe('buildUrl', () => {
  it('leaves out empty parameters', () => {
    expect(
      buildUrl('/api/alerttypes', { currentPage: 1, search: '', reverse: false, sortBy: undefined }),
    ).toBe('/api/alerttypes?currentPage=1&reverse=false');
  });
});

describe('api', () => {
  it('sends the CSRF token on writes only', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond(201, { id: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    await api.post('/api/alerttypes', { alert_type: { label: 'A' } });
    await api.get('/api/alerttypes');
    const postInit = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const getInit = fetchMock.mock.calls[1]?.[1] as RequestInit;
    expect((postInit.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    expect(postInit.body).toBe('{"alert_type":{"label":"A"}}');
    expect((getInit.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('turns error bodies into ApiErrors and reports a lost session', async () => {
    vi.stubGlobal('fetch', async () => respond(401, { error: { code: 'unauthenticated', message: 'Gone' } }));
    const onLost = vi.fn();
    setUnauthenticatedHandler(onLost);
    await expect(api.get('/api/account')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onLost).toHaveBeenCalledTimes(1);
    await expect(api.post('/api/auth/login', {}, { skipAuthRedirect: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('says the server is unreachable when fetch throws', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/CheckSession')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('refreshes a stale CSRF token once and retries the write', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(respond(403, { error: { code: 'csrf_failed', message: 'Bad token' } }))
      .mockResolvedValueOnce(respond(200, { csrfToken: 'fresh' }))
      .mockResolvedValueOnce(respond(204));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('stale');
    await api.delete('/api/alerttypes/1');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const retryInit = fetchMock.mock.calls[2]?.[1] as RequestInit;
    expect((retryInit.headers as Record<string, string>)['x-csrf-token']).toBe('fresh');
  });
});
