import { createUser, mailLog } from '@licensure/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE, MAIL_RETRY_LIMIT } from '../../platform/mail/mail-queue';
import { closeMailTransports } from '../../platform/mail/send-mail';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startSmtpPeer } from '../users/accounts/test-smtp-peer';

/** Account mail goes through the mail queue: a refused attempt is retried, then sent or failed. */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const refusedOnce = new Set<string>();
let serverDown = true;
beforeAll(async () => {
  smtp = await startSmtpPeer({
    refuse: (to) => {
      if (to.includes('down@example.org')) return serverDown;
      const first = to.find((a) => a.startsWith('flaky') && !refusedOnce.has(a));
      if (first) refusedOnce.add(first);
      return first !== undefined;
    },
  });
  // No wait between attempts here; in service the delay doubles from MAIL_RETRY_DELAY_SECONDS.
  t = await createTestContext({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
  closeMailTransports();
  await smtp?.close();
});

async function lastMailTo(address: string) {
  const [row] = await t.database.db
    .select()
    .from(mailLog)
    .where(eq(mailLog.to_address, address))
    .orderBy(desc(mailLog.created_at))
    .limit(1);
  return row!;
}
const settle = (address: string, status: string) =>
  expect
    .poll(async () => (await lastMailTo(address)).status, { timeout: 20_000, interval: 100 })
    .toBe(status);

describe('account mail through the queue', () => {
  it('retries a password reset the server refused once: sent on the second attempt', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'flaky.reset@example.org' });
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { user_name: u.user_name },
    });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo('flaky.reset@example.org')).status).toBe('queued');
    await settle('flaky.reset@example.org', 'sent');
    const row = await lastMailTo('flaky.reset@example.org');
    expect(row).toMatchObject({ attempts: 2, error: null, subject: 'Reset your password' });
    expect(row.sent_at).not.toBeNull();
    expect(refusedOnce.has('flaky.reset@example.org')).toBe(true);
    const [mail] = await smtp.waitFor('flaky.reset@example.org');
    expect(mail).toMatch(/reset-password\?token=[\w-]+/);
    // One job of the mail queue carried it (its id is the mail's), retried once.
    expect(await t.app.deps.jobs.find(MAIL_QUEUE, row.id)).toMatchObject({
      state: 'completed',
      retryCount: 1,
    });
    const seen = await t.call(t.admin, { method: 'GET', url: `/api/mail/${row.id}` });
    expect(seen.json()).toMatchObject({ status: 'sent', attempts: 2, retryable: false });
  });

  it('marks a mail failed with the server answer once its retries are spent; staff send it again', async () => {
    const u = await createUser(t.database.db, t.enterpriseId, { email: 'down@example.org' });
    const res = await t.call(t.admin, { method: 'POST', url: `/api/users/${u.id}/sendResetLink` });
    expect(res.statusCode).toBe(200);
    await settle('down@example.org', 'failed');
    const failed = await lastMailTo('down@example.org');
    expect(failed.attempts).toBe(MAIL_RETRY_LIMIT + 1);
    expect(failed.error).toMatch(/Try again later|451/);
    const seen = await t.call(t.admin, { method: 'GET', url: `/api/mail/${failed.id}` });
    expect(seen.json()).toMatchObject({ status: 'failed', retryable: true });

    expect(
      (await t.call(t.reviewer, { method: 'POST', url: `/api/mail/${failed.id}/retry` })).statusCode,
    ).toBe(403);
    serverDown = false;
    const retry = await t.call(t.admin, { method: 'POST', url: `/api/mail/${failed.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('queued');
    await settle('down@example.org', 'sent');
    expect((await lastMailTo('down@example.org')).attempts).toBe(MAIL_RETRY_LIMIT + 2);
    const again = await t.call(t.admin, { method: 'POST', url: `/api/mail/${failed.id}/retry` });
    expect(again.statusCode).toBe(400);
  });
});
