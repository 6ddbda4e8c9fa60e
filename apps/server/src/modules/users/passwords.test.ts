import { createUser, mailLog, passwordHistory, passwordResetTokens, sessions, users } from '@licensure/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

async function newPerson(email: string | null = 'reset.me@example.org') {
  const hash = await hashPassword(TEST_PASSWORD);
  const u = await createUser(t.database.db, t.enterpriseId, { is_staff: true, email, password_hash: hash });
  await t.database.db.insert(passwordHistory).values({ user_id: u.id, password_hash: hash });
  return u;
}

/** The reset token mailed to an address: read from the mail log (no SMTP configured here, so held). */
async function mailedToken(to: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailLog)
    .where(eq(mailLog.to_address, to))
    .orderBy(desc(mailLog.created_at))
    .limit(1);
  expect(mail?.status).toBe('held');
  return /token=([\w-]+)/.exec(mail!.text_body)![1]!;
}

describe('password requirements', () => {
  it('publishes the rules without signing in', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/users/getpasswordrequirements' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      min_length: 12,
      max_length: 128,
      history_count: 5,
      composition_rules: false,
      min_strength: 3,
    });
  });

  it('enforces them when a person is saved with a password', async () => {
    const save = (password: string, user_name = 'pw.rules') =>
      t.call(t.admin, {
        method: 'POST',
        url: '/api/users',
        payload: { user: { first_name: 'P', last_name: 'W', user_name, password } },
      });
    const short = await save('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toMatch(/at least 12/);
    expect((await save('qwerty123456')).json().error.fields.password).toMatch(/too common/);
    // Long enough and not on the list, yet guessed at once: zxcvbn scores them below 3.
    for (const weak of ['Password1234!', 'qwertyuiopas', 'aaaaaaaaaaaaaaaa', 'Welcome123456'])
      expect((await save(weak)).json().error.fields.password, weak).toMatch(/too easy to guess/);
    expect((await save('x'.repeat(129))).json().error.fields.password).toMatch(/at most 128/);
    expect((await save('my name is pw.rules!')).json().error.fields.password).toMatch(/user name/);
    const ok = await save('a perfectly long passphrase');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().has_password).toBe(true);
    const reuse = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/users/${ok.json().id}`,
      payload: { user: { first_name: 'P', last_name: 'W', password: 'a perfectly long passphrase' } },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.fields.password).toMatch(/last 5/);
  });
});

describe('password history', () => {
  it('lists change dates only, and checks whether a password was used recently', async () => {
    const u = await newPerson();
    const history = await t.call(t.reviewer, {
      method: 'GET',
      url: `/api/users/userpasswordhistory?user_id=${u.id}`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
    expect(Object.keys(history.json()[0])).toEqual(['changed_at']);
    const check = (caller: typeof t.admin, password: string) =>
      t.call(caller, {
        method: 'POST',
        url: '/api/users/userpasswordhistory/check',
        payload: { user_id: u.id, password },
      });
    expect((await check(t.admin, TEST_PASSWORD)).json()).toEqual({ used_recently: true });
    expect((await check(t.admin, 'never used this one')).json()).toEqual({ used_recently: false });
    expect((await check(t.reviewer, TEST_PASSWORD)).statusCode).toBe(403);
    expect(
      (
        await t.call(null, {
          method: 'POST',
          url: '/api/users/userpasswordhistory/check',
          payload: { user_id: u.id, password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.call(t.nobody, { method: 'GET', url: `/api/users/userpasswordhistory?user_id=${u.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'GET',
          url: '/api/users/userpasswordhistory?user_id=00000000-0000-4000-8000-000000000001',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.reviewer, { method: 'GET', url: '/api/users/userpasswordhistory?user_id=x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use token stored only as a hash, and resets the password with it', async () => {
    const u = await newPerson('forgot@example.org');
    const signedIn = await t.signIn(u.user_name!);
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { user_name: u.user_name },
    });
    expect(res.statusCode).toBe(200);
    const token = await mailedToken('forgot@example.org');
    const stored = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, u.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(token);
    const lifetime = stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    const status = await t.call(null, { method: 'GET', url: `/api/users/getresettoken?token=${token}` });
    expect(status.json().valid).toBe(true);

    const weak = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const same = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: TEST_PASSWORD },
    });
    expect(same.json().error.fields.password).toMatch(/last 5/);

    const reset = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.user_id, u.id))).toHaveLength(0);
    expect((await t.call(signedIn, { method: 'GET', url: '/api/userPermissions' })).statusCode).toBe(401);
    await t.signIn(u.user_name!, 'a brand new passphrase');
    expect(
      await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.user_id, u.id)),
    ).toHaveLength(2);

    const again = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'another new passphrase' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('token');
    expect(
      (await t.call(null, { method: 'GET', url: `/api/users/getresettoken?token=${token}` })).json(),
    ).toEqual({
      valid: false,
      expires_at: null,
    });
  });

  it('answers the same for an unknown user and sends nothing; refuses expired tokens', async () => {
    const known = await t.call(null, {
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { user_name: t.admin.userName },
    });
    const unknown = await t.call(null, {
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { user_name: 'no-such-user' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(
      (await t.call(null, { method: 'POST', url: '/api/users/forgotpassword', payload: {} })).statusCode,
    ).toBe(400);

    const u = await newPerson('expired@example.org');
    await t.call(null, {
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { user_name: u.user_name },
    });
    const token = await mailedToken('expired@example.org');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.user_id, u.id));
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.password_hash).toBe(
      (await t.database.db.select().from(passwordHistory).where(eq(passwordHistory.user_id, u.id)))[0]!
        .password_hash,
    );
  });
});

describe('user name and email', () => {
  it('mails the user names of an address, answering the same whatever exists', async () => {
    const u = await newPerson('names@example.org');
    const found = await t.call(null, {
      method: 'POST',
      url: '/api/users/lookupUsername',
      payload: { email: 'NAMES@example.org' },
    });
    const none = await t.call(null, {
      method: 'POST',
      url: '/api/users/lookupUsername',
      payload: { email: 'nobody@example.org' },
    });
    expect(found.statusCode).toBe(200);
    expect(none.json()).toEqual(found.json());
    const mails = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.to_address, 'NAMES@example.org'));
    expect(mails[0]!.text_body).toContain(u.user_name!);
    expect(
      await t.database.db.select().from(mailLog).where(eq(mailLog.to_address, 'nobody@example.org')),
    ).toHaveLength(0);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/users/lookupUsername', payload: { email: 'bad' } }))
        .statusCode,
    ).toBe(400);
  });

  it('saves an email (own, or with users.write) and checks whether one is used', async () => {
    const u = await newPerson('before@example.org');
    const self = await t.signIn(u.user_name!);
    const own = await t.call(self, {
      method: 'POST',
      url: '/api/users/saveemail',
      payload: { user_id: u.id, email: 'after@example.org' },
    });
    expect(own.statusCode).toBe(200);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/users/saveemail',
          payload: { user_id: u.id, email: 'x@example.org' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/users/saveemail',
          payload: { user_id: u.id, email: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/users/saveemail',
          payload: { user_id: '00000000-0000-4000-8000-000000000001', email: 'a@b.org' },
        })
      ).statusCode,
    ).toBe(404);
    const check = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/users/emailCheck?email=AFTER@example.org',
    });
    expect(check.json()).toEqual({ exists: true, count: 1 });
    expect(
      (
        await t.call(t.reviewer, { method: 'GET', url: '/api/users/emailCheck?email=free@example.org' })
      ).json().exists,
    ).toBe(false);
    expect(
      (await t.call(t.nobody, { method: 'GET', url: '/api/users/emailCheck?email=a@b.org' })).statusCode,
    ).toBe(403);
  });

  it('validates user names for form, and tells availability only to staff who read people', async () => {
    const get = (name: string, caller: typeof t.admin | null = null) =>
      t.call(caller, {
        method: 'GET',
        url: `/api/users/validateusername?user_name=${encodeURIComponent(name)}`,
      });
    // Anonymous and portal callers learn the form only: a taken name and a free one answer alike.
    for (const caller of [null, t.applicant, t.nobody]) {
      const taken = (await get(t.admin.userName.toUpperCase(), caller)).json();
      expect(taken).toEqual({ valid: true, available: null, message: null });
      expect((await get('fresh.name', caller)).json()).toEqual(taken);
    }
    expect((await get('fresh.name', t.reviewer)).json()).toEqual({
      valid: true,
      available: true,
      message: null,
    });
    expect((await get(t.admin.userName.toUpperCase(), t.reviewer)).json()).toMatchObject({
      valid: true,
      available: false,
    });
    expect((await get('a b')).json()).toMatchObject({ valid: false });
    expect((await t.call(null, { method: 'GET', url: '/api/users/validateusername' })).statusCode).toBe(400);
  });
});
