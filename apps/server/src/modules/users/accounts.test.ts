import { randomUUID } from 'node:crypto';
import { createUser, dataChangeLog, signInThrottles, user_statuses, users } from '@licensure/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords';
import { closeMailTransports } from '../../platform/mail/send-mail';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { startSmtpPeer } from './accounts/test-smtp-peer';

/** Account recovery staff start from a person's page: status, unlock, reset link, portal invitation. */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  closeMailTransports();
  await smtp?.close();
});

const passwordHash = hashPassword(TEST_PASSWORD);
async function person(values: Partial<typeof users.$inferInsert> = {}) {
  return createUser(t.database.db, t.enterpriseId, {
    email: `${randomUUID()}@example.org`,
    password_hash: await passwordHash,
    ...values,
  });
}
/** The mails to an address: sent by the mail queue's job, so waited for. */
const mailTo = (address: string) => smtp.waitFor(address);
const tokenIn = (mail: string) => /reset-password\?token=([\w-]+)/.exec(mail)?.[1];
const login = (user_name: string, password: string, isPortal = true) =>
  t.call(null, { method: 'POST', url: '/api/auth/login', payload: { user_name, password, isPortal } });
const status = (id: string, caller = t.admin) =>
  t.call(caller, { method: 'GET', url: `/api/users/${id}/accountStatus` });

describe('account status and unlock', () => {
  it('shows the waits failed sign-ins caused, and unlocking lets the person in at once', async () => {
    const u = await person();
    const fresh = await status(u.id);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      user_id: u.id,
      user_name: u.user_name,
      has_password: true,
      locked: false,
      throttled: false,
      throttled_until: null,
      recent_failures: 0,
    });
    for (let i = 0; i < 6; i++) await login(u.user_name!, 'not the password at all');
    // The sixth failure started a wait of a second; make it long so the test does not race the clock.
    await t.database.db
      .update(signInThrottles)
      .set({ blocked_until: sql`now() + interval '10 minutes'` })
      .where(isNotNull(signInThrottles.blocked_until));
    expect((await login(u.user_name!, TEST_PASSWORD)).statusCode).toBe(429);
    const waiting = (await status(u.id)).json();
    expect(waiting).toMatchObject({ throttled: true, recent_failures: 6, locked: false });
    expect(new Date(waiting.throttled_until).getTime()).toBeGreaterThan(Date.now());

    const unlocked = await t.call(t.admin, { method: 'POST', url: `/api/users/${u.id}/unlock` });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ throttled: false, recent_failures: 0, locked: false });
    expect((await login(u.user_name!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('shows a locking status with its message, and unlocking removes that status (change log kept)', async () => {
    const [locking] = await t.database.db
      .insert(user_statuses)
      .values({
        enterprise_id: t.enterpriseId,
        label: `Suspended ${randomUUID()}`,
        locked: true,
        locked_message: 'Suspended by the board.',
      })
      .returning();
    const u = await person({ user_status_id: locking!.id });
    expect((await status(u.id)).json()).toMatchObject({
      locked: true,
      lock_message: 'Suspended by the board.',
    });
    expect((await login(u.user_name!, TEST_PASSWORD)).statusCode).toBe(403);
    const res = await t.call(t.admin, { method: 'POST', url: `/api/users/${u.id}/unlock` });
    expect(res.json()).toMatchObject({ locked: false, lock_message: null });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.user_status_id).toBeNull();
    expect((await login(u.user_name!, TEST_PASSWORD)).statusCode).toBe(200);
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, u.id), eq(dataChangeLog.entity, 'users')));
    expect(log.map((l) => l.after)).toContainEqual(expect.objectContaining({ sign_in_waits: 'cleared' }));
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    const u = await person();
    expect((await status('not-an-id')).statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url: `/api/users/${u.id}/accountStatus` })).statusCode).toBe(
      401,
    );
    expect((await status(u.id, t.nobody)).statusCode).toBe(403);
    // Reviewers read people but change nothing.
    expect((await status(u.id, t.reviewer)).statusCode).toBe(200);
    for (const action of ['unlock', 'sendResetLink', 'invite'])
      expect(
        (await t.call(t.reviewer, { method: 'POST', url: `/api/users/${u.id}/${action}` })).statusCode,
        action,
      ).toBe(403);
    expect((await status(randomUUID())).statusCode).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'POST', url: `/api/users/${randomUUID()}/unlock` })).statusCode,
    ).toBe(404);
  });

  it('keeps portal users away from accounts, their own and anyone else', async () => {
    const other = await person();
    for (const id of [other.id, t.applicant.userId]) {
      expect((await status(id, t.applicant)).statusCode).toBe(403);
      expect(
        (await t.call(t.applicant, { method: 'POST', url: `/api/users/${id}/sendResetLink` })).statusCode,
      ).toBe(403);
    }
  });
});

describe('reset link and invitation mailed by staff', () => {
  it("mails a reset link to the person's own address that sets a new password", async () => {
    const u = await person();
    const res = await t.call(t.admin, { method: 'POST', url: `/api/users/${u.id}/sendResetLink` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'A link to reset the password has been sent.', sent_to: u.email });
    const [mail] = await mailTo(u.email!);
    expect(mail).toContain('Subject: Reset your password');
    expect(mail).toContain(`http://localhost:${t.app.deps.config.PORT}/reset-password?token=`);
    const reset = await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token: tokenIn(mail!), password: 'a brand new passphrase 42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(u.user_name!, 'a brand new passphrase 42')).statusCode).toBe(200);
  });

  it('invites a person without a password to the portal with their user name and a week-long link', async () => {
    const u = await person({ password_hash: null });
    const res = await t.call(t.admin, { method: 'POST', url: `/api/users/${u.id}/invite` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('An invitation to the portal has been sent.');
    const [mail] = await mailTo(u.email!);
    expect(mail).toContain(`with the user name ${u.user_name}`);
    const token = tokenIn(mail!)!;
    const check = await t.call(null, { method: 'GET', url: `/api/users/getresettoken?token=${token}` });
    expect(check.json().valid).toBe(true);
    expect(new Date(check.json().expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    await t.call(null, {
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'my first portal passphrase' },
    });
    const signedIn = await login(u.user_name!, 'my first portal passphrase');
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses to mail a person without an email address or a user name (400)', async () => {
    const noEmail = await person({ email: null });
    const res = await t.call(t.admin, { method: 'POST', url: `/api/users/${noEmail.id}/invite` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('The person has no email address. Add one first.');
    const noName = await person({ user_name: null });
    const res2 = await t.call(t.admin, { method: 'POST', url: `/api/users/${noName.id}/sendResetLink` });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.fields.user_name).toBe('The person has no user name. Add one first.');
  });
});
