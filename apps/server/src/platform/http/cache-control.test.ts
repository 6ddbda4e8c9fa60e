import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { apiCacheControl } from './security-headers';

/** Answers of the API are never kept by a browser or a shared cache, unless public on purpose. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('Cache-Control', () => {
  it('is no-store on a signed-in JSON answer, success or error', async () => {
    const list = await t.call(t.admin, { method: 'GET', url: '/api/alerttypes' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/json/);
    expect(list.headers['cache-control']).toBe('no-store');

    const session = await t.call(t.applicant, { method: 'GET', url: '/api/userPermissions' });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const refused = await t.call(t.nobody, { method: 'GET', url: '/api/alerttypes' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await t.call(t.admin, { method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on an anonymous API answer that is not public on purpose', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/alerttypes' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    const signIn = await t.call(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: 'nobody-here', password: 'wrong password' },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});

describe('apiCacheControl', () => {
  it('keeps what a route chose only when it stores nothing or the caller has no session', () => {
    expect(apiCacheControl(undefined, true)).toBe('no-store');
    expect(apiCacheControl(undefined, false)).toBe('no-store');
    expect(apiCacheControl('private, no-store', true)).toBe('private, no-store');
    expect(apiCacheControl('public, max-age=300', false)).toBe('public, max-age=300');
    expect(apiCacheControl('public, max-age=300', true)).toBe('no-store');
    expect(apiCacheControl('max-age=60', false)).toBe('no-store');
    expect(apiCacheControl('no-cache', true)).toBe('no-store');
  });
});
