import { randomUUID } from 'node:crypto';
import { messages } from '@licensure/contracts';
import { createUser, enterprises, sessions, signInThrottles, type users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

const setMaxFailures = (max_failed_logins: number) =>
  t.database.db.update(enterprises).set({ max_failed_logins }).where(eq(enterprises.id, t.enterpriseId));

async function newUser(values: Partial<typeof users.$inferInsert> = {}) {
  return createUser(t.database.db, t.enterpriseId, {
    is_staff: true,
    password_hash: await hashPassword(TEST_PASSWORD),
    ...values,
  });
}

describe('POST auth/login', () => {
  it('signs in, sets an HttpOnly SameSite cookie and stores only a hash of the token', async () => {
    const user = await newUser({ user_name: 'Casey.Staff' });
    const res = await login({ user_name: 'casey.staff', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user_id).toBe(user.id);
    expect(body.isPortal).toBe(false);
    expect(body.csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = res.cookies.find((c) => c.name === 'licensure_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(cookie.value);
  });

  it('answers 400 naming the field, and 401 for a wrong password or unknown user', async () => {
    const missing = await login({ user_name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('password');
    const wrong = await login({ user_name: t.admin.userName, password: 'wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const unknown = await login({ user_name: 'nobody-at-all', password: 'wrong' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
  });

  it('throttles failures of a name with growing waits, answering a real and an unknown name alike', async () => {
    const user = await newUser();
    const sso = await newUser({ password_hash: null });
    await setMaxFailures(3);
    const from = (remoteAddress: string, user_name: string | null, password = 'bad') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { user_name, password },
        remoteAddress,
      });
    try {
      const answers: unknown[][] = [];
      for (const name of [user.user_name, sso.user_name, 'no-such-person']) {
        const seen: unknown[] = [];
        answers.push(seen);
        // Three free failures and a fourth that starts a 1 s wait: all the same 401.
        for (let i = 0; i < 4; i++) {
          const res = await from('10.1.1.1', name);
          seen.push([res.statusCode, res.json()]);
        }
        const refused = await from('10.1.1.1', name, TEST_PASSWORD);
        seen.push([refused.statusCode, refused.json(), refused.headers['retry-after']]);
        // Waiting (simulated) lets one more attempt through; its failure doubles the wait.
        await t.database.db.update(signInThrottles).set({ blocked_until: new Date(Date.now() - 1000) });
        await from('10.1.1.1', name);
        seen.push((await from('10.1.1.1', name)).headers['retry-after']);
      }
      const [real, noPassword, unknown] = answers;
      expect(real).toEqual(unknown);
      expect(noPassword).toEqual(unknown);
      expect(real!.slice(0, 4)).toEqual(
        Array(4).fill([
          401,
          { error: { code: 'invalid_credentials', message: messages.invalidCredentials } },
        ]),
      );
      expect(real![4]).toEqual([
        429,
        { error: { code: 'rate_limited', message: messages.signInThrottled } },
        '1',
      ]);
      expect(real![5]).toBe('2');

      // Nobody else's failures lock the owner out: from another address the right password works.
      expect((await from('10.2.2.2', user.user_name, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await setMaxFailures(5);
    }
  });

  it('slows a guesser spread over many addresses only after 20 failures of the account', async () => {
    const user = await newUser();
    const from = (i: number, password = 'bad') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { user_name: user.user_name, password },
        remoteAddress: `10.3.0.${i}`,
      });
    for (let i = 1; i <= 21; i++) expect((await from(i)).statusCode).toBe(401);
    const res = await from(100, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('keeps portal users out of the staff application, and gives portal sessions portal permissions only', async () => {
    const applicant = await newUser({ is_staff: false });
    const staff = await login({ user_name: applicant.user_name, password: TEST_PASSWORD, isPortal: false });
    expect(staff.statusCode).toBe(403);
    const portal = await login({ user_name: applicant.user_name, password: TEST_PASSWORD, isPortal: true });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().permissions).toEqual(['lookups.read']);
    const adminInPortal = await login({
      user_name: t.admin.userName,
      password: TEST_PASSWORD,
      isPortal: true,
    });
    expect(adminInPortal.json().permissions).toEqual(['lookups.read']);
  });

  it('refuses a user whose status locks the account, with the status message', async () => {
    const { user_statuses } = await import('@licensure/db');
    const [status] = await t.database.db
      .insert(user_statuses)
      .values({
        enterprise_id: t.enterpriseId,
        label: `Suspended ${randomUUID()}`,
        locked: true,
        locked_message: 'Suspended by the board.',
      })
      .returning();
    const user = await newUser({ user_status_id: (status as { id: string }).id });
    const res = await login({ user_name: user.user_name, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Suspended by the board.');
  });

  it('rate-limits sign-in attempts', async () => {
    // The context signs in its four callers first, so two attempts remain of six.
    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '6' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { user_name: 'x', password: 'y' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('session routes', () => {
  it('CheckSession returns the session without extending it; 401 when signed out', async () => {
    const me = await t.createCaller(['lookups.read']);
    const res = await t.call(me, { method: 'GET', url: '/api/checksession' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(me.userId);
    expect(res.json().csrfToken).toBe(me.csrf);
    expect((await t.call(null, { method: 'GET', url: '/api/CheckSession' })).statusCode).toBe(401);
  });

  it('session/checkin extends the idle timer and needs the CSRF token', async () => {
    const me = await t.createCaller([]);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where(eq(sessions.user_id, me.userId));
    const noCsrf = await t.call({ ...me, csrf: 'wrong' }, { method: 'PUT', url: '/api/session/checkin' });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_failed');
    const res = await t.call(me, { method: 'PUT', url: '/api/session/checkin' });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect((await t.call(null, { method: 'PUT', url: '/api/session/checkin' })).statusCode).toBe(401);
  });

  it('an idle session expires', async () => {
    const me = await t.createCaller(['lookups.read']);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, me.userId));
    expect((await t.call(me, { method: 'GET', url: '/api/alerttypes' })).statusCode).toBe(401);
    expect((await t.call(me, { method: 'GET', url: '/api/IsSessionAlive' })).json()).toBe(false);
  });

  it('IsSessionAlive tells portal and internal sessions apart', async () => {
    const staff = await t.createCaller([]);
    expect((await t.call(staff, { method: 'GET', url: '/api/IsSessionAlive' })).json()).toBe(true);
    expect((await t.call(staff, { method: 'GET', url: '/api/IsSessionAlive?isPortal=false' })).json()).toBe(
      true,
    );
    expect((await t.call(staff, { method: 'GET', url: '/api/IsSessionAlive?isPortal=true' })).json()).toBe(
      false,
    );
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/IsSessionAlive?isPortal=true' })).json(),
    ).toBe(true);
    expect((await t.call(null, { method: 'GET', url: '/api/IsSessionAlive' })).json()).toBe(false);
    expect(
      (await t.call(null, { method: 'GET', url: '/api/IsSessionAlive?isPortal=maybe' })).statusCode,
    ).toBe(400);
  });

  it('expireSession ends the session at once', async () => {
    const me = await t.createCaller(['lookups.read']);
    const res = await t.call(me, { method: 'PUT', url: '/api/expireSession' });
    expect(res.statusCode).toBe(204);
    expect((await t.call(me, { method: 'GET', url: '/api/CheckSession' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'PUT', url: '/api/expireSession' })).statusCode).toBe(401);
  });

  it('auth/logout and DELETE Core/Auth/Sessioncookie end the session and clear the cookie', async () => {
    for (const request of [
      { method: 'POST', url: '/api/auth/logout' },
      { method: 'DELETE', url: '/api/Core/Auth/Sessioncookie' },
    ] as const) {
      const me = await t.createCaller(['lookups.read']);
      const res = await t.call(me, request);
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'licensure_session');
      expect(cleared?.value).toBe('');
      expect((await t.call(me, { method: 'GET', url: '/api/CheckSession' })).statusCode).toBe(401);
      const forged = await t.call({ ...me, csrf: 'x' }, request);
      expect(forged.statusCode).toBe(204);
    }
  });

  it('utils/getcookiename names the session cookie', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/utils/getcookiename' });
    expect(res.json()).toBe('licensure_session');
  });
});

describe('session cache', () => {
  it('serves a signed-in caller without a session query until the session is invalidated', async () => {
    const me = await t.createCaller(['lookups.read']);
    expect((await t.call(me, { method: 'GET', url: '/api/alerttypes' })).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.user_id, me.userId));
    expect((await t.call(me, { method: 'GET', url: '/api/alerttypes' })).statusCode).toBe(200);
    await t.app.deps.sessions.invalidate('*');
    expect((await t.call(me, { method: 'GET', url: '/api/alerttypes' })).statusCode).toBe(401);
  });

  it('a session ended through one server process is refused at once by another', async () => {
    const { buildApp } = await import('../../app');
    const { loadConfig } = await import('../../config');
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const other = await buildApp({ config, database: t.database, logger: false });
    try {
      const me = await t.createCaller(['lookups.read']);
      const viaOther = () =>
        other.inject({ method: 'GET', url: '/api/alerttypes', headers: { cookie: me.cookie } });
      expect((await viaOther()).statusCode).toBe(200);
      expect((await t.call(me, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
      await expect.poll(async () => (await viaOther()).statusCode, { timeout: 3000 }).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('GET userPermissions', () => {
  it('lists the permission keys of the signed-in user; 401 when signed out', async () => {
    const me = await t.createCaller(['lookups.read', 'logging.read']);
    const res = await t.call(me, { method: 'GET', url: '/api/userPermissions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['logging.read', 'lookups.read']);
    expect((await t.call(null, { method: 'GET', url: '/api/userPermissions' })).statusCode).toBe(401);
  });
});
