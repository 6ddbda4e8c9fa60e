import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { nulCharacterMessage } from './errors';
import { nulPaths } from './input-guards';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('nulPaths', () => {
  it('finds NUL in strings and keys at any depth, without recursion limits', () => {
    expect(nulPaths({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1 } })).toEqual([
      ['b', '1'],
      ['c', 'k\u0000'],
    ]);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(nulPaths(deep)).toHaveLength(1);
    expect(nulPaths(Buffer.from([0]))).toEqual([]);
  });
});

describe('a NUL character in any text input', () => {
  const refused = (
    res: { statusCode: number; json: () => { error: { code: string; fields: Record<string, string> } } },
    field: string,
  ) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toEqual({ [field]: nulCharacterMessage });
  };

  it('is refused with a 400 naming the field in a query string (it was a 500 with the SQL in the log)', async () => {
    refused(await t.call(t.admin, { method: 'GET', url: '/api/alerttypes?search=%00' }), 'search');
    refused(await t.call(t.admin, { method: 'GET', url: '/api/users?search=a%00b' }), 'search');
  });

  it('is refused in the body of anonymous routes: sign-in, public lookups, forgotten password', async () => {
    refused(
      await t.call(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { user_name: 'a\u0000', password: 'x' },
      }),
      'user_name',
    );
    refused(
      await t.call(null, {
        method: 'POST',
        url: '/api/users/forgotpassword',
        payload: { user_name: '\u0000' },
      }),
      'user_name',
    );
  });

  it('names the whole path of a nested field, without the wrapper key', async () => {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbforms',
      payload: { form: { name: 'F', pages: [{ title: 'P', groups: [{ title: 'G\u0000' }] }] } },
    });
    refused(res, 'pages.0.groups.0.title');
  });

  it('is refused in path parameters', async () => {
    refused(await t.call(t.admin, { method: 'GET', url: '/api/alerttypes/%00' }), 'id');
  });

  it('still lets anonymous callers learn nothing but 401 from a guarded route', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/alerttypes?search=%00' })).statusCode).toBe(401);
  });
});
