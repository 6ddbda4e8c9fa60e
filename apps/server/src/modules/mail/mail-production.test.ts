import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

/** In production an unset SMTP_URL is a banner for administrators, and the dev mail viewer is shut. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ NODE_ENV: 'production' });
});
afterAll(async () => t?.close());

describe('production without SMTP_URL', () => {
  it('tells administrators that mail is not being sent, and nobody else', async () => {
    const admin = await t.call(t.admin, { method: 'GET', url: '/api/mail/status' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ banner: 'Mail is not being sent: SMTP_URL is not set', dev_viewer: null });
    for (const caller of [t.reviewer, t.applicant, null])
      expect((await t.call(caller, { method: 'GET', url: '/api/mail/status' })).json().banner).toBeNull();
  });

  it('refuses the dev mail viewer even from this computer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(404);
  });
});
