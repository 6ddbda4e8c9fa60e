import { randomUUID } from 'node:crypto';
import { createUser, enterprises, registrationTokens, users } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMailTransports } from '../../platform/mail/send-mail';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startSmtpPeer } from './accounts/test-smtp-peer';

/** Self-registration in the portal: a link mailed to the address proves it, then the account. */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestContext({ SMTP_URL: smtp.url });
  await t.database.db
    .update(enterprises)
    .set({ duplicate_prevention_text: 'Already licensed here? Do not register again: use Forgot user name.' })
    .where(eq(enterprises.id, t.enterpriseId));
});
afterAll(async () => {
  await t?.close();
  closeMailTransports();
  await smtp?.close();
});

const PASSWORD = 'a long and happy passphrase';
/** The mails to an address: sent by the mail queue's job, so waited for. */
const mailTo = (address: string) => smtp.waitFor(address);
const start = (email: string) =>
  t.call(null, { method: 'POST', url: '/api/users/register', payload: { email } });
const complete = (payload: Record<string, unknown>) =>
  t.call(null, { method: 'POST', url: '/api/users/register/complete', payload });

async function linkFor(email: string): Promise<string> {
  const res = await start(email);
  expect(res.statusCode).toBe(200);
  const mail = (await mailTo(email)).at(-1)!;
  return /register\?token=([\w-]+)/.exec(mail)![1]!;
}

describe('self-registration', () => {
  it('mails a link, then creates a portal account with the verified email that signs in', async () => {
    const email = `${randomUUID()}@example.org`;
    const res = await start(email);
    expect(res.json().message).toBe(
      'We sent a link to this email address. Open it within a day to choose your user name and password.',
    );
    const [mail] = await mailTo(email);
    expect(mail).toContain(`http://localhost:${t.app.deps.config.PORT}/register?token=`);
    // The enterprise's duplicate-prevention text, word for word.
    expect(mail).toContain('Already licensed here? Do not register again: use Forgot user name.');
    const token = /register\?token=([\w-]+)/.exec(mail!)![1]!;

    const check = await t.call(null, { method: 'GET', url: `/api/users/register/token?token=${token}` });
    expect(check.json()).toMatchObject({ valid: true, email });

    const userName = `new.${randomUUID().slice(0, 8)}`;
    const done = await complete({
      token,
      user_name: userName,
      password: PASSWORD,
      first_name: 'Nova',
      last_name: 'Applicant',
      birth_date: '1990-04-02',
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toEqual({
      message: 'Your account has been created. Sign in to the portal with your user name and password.',
      user_name: userName,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.user_name, userName));
    expect(row).toMatchObject({ email, is_staff: false, first_name: 'Nova', birth_date: '1990-04-02' });

    const portal = await t.call(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: userName, password: PASSWORD, isPortal: true },
    });
    expect(portal.statusCode).toBe(200);
    const staff = await t.call(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { user_name: userName, password: PASSWORD, isPortal: false },
    });
    expect(staff.statusCode).toBe(403);

    // A link creates one account at most.
    const again = await complete({
      token,
      user_name: `${userName}2`,
      password: PASSWORD,
      first_name: 'N',
      last_name: 'A',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.token).toBe(
      'The registration link is invalid or has expired. Ask for a new one.',
    );
    expect(
      (await t.call(null, { method: 'GET', url: `/api/users/register/token?token=${token}` })).json(),
    ).toEqual({ valid: false, email: null, expires_at: null });
  });

  it('mails the existing user name instead of a link when the address already has an account', async () => {
    const email = `${randomUUID()}@example.org`;
    const existing = await createUser(t.database.db, t.enterpriseId, { email });
    const res = await start(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'We sent a link to this email address. Open it within a day to choose your user name and password.',
    );
    const [mail] = await mailTo(email.toUpperCase());
    expect(mail).toContain(existing.user_name);
    expect(mail).not.toContain('register?token=');
    const tokens = await t.database.db
      .select()
      .from(registrationTokens)
      .where(sql`lower(${registrationTokens.email}) = ${email}`);
    expect(tokens).toEqual([]);
  });

  it('refuses a taken user name (409), a weak password and bad input (400), and keeps the link usable', async () => {
    const email = `${randomUUID()}@example.org`;
    const token = await linkFor(email);
    const taken = await createUser(t.database.db, t.enterpriseId, {});
    const base = { token, password: PASSWORD, first_name: 'Tess', last_name: 'Taken' };
    const conflict = await complete({ ...base, user_name: taken.user_name!.toUpperCase() });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.fields.user_name).toBe('This user name is taken. Choose another.');
    const weak = await complete({
      ...base,
      user_name: `weak.${randomUUID().slice(0, 6)}`,
      password: 'Password1234!',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/too easy to guess/);
    const badName = await complete({ ...base, user_name: '!!' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.fields.user_name).toMatch(/3 to 64 characters/);
    expect((await complete({ ...base, first_name: '', user_name: 'fine.name' })).statusCode).toBe(400);
    expect((await complete({ ...base, token: 'nope', user_name: 'fine.name' })).statusCode).toBe(400);
    expect((await start('not an email')).statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/users/register/token' })).statusCode).toBe(400);
    // None of the refusals spent the link.
    const ok = await complete({ ...base, user_name: `tess.${randomUUID().slice(0, 6)}` });
    expect(ok.statusCode).toBe(201);
  });

  it('an expired link registers nothing, whoever sends it', async () => {
    const email = `${randomUUID()}@example.org`;
    const token = await linkFor(email);
    await t.database.db
      .update(registrationTokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(registrationTokens.email, email));
    const expired = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/users/register/complete',
      payload: { token, user_name: 'late.comer', password: PASSWORD, first_name: 'L', last_name: 'C' },
    });
    expect(expired.statusCode).toBe(400);
  });
});
