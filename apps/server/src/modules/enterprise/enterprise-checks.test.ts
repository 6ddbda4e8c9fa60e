import { randomUUID } from 'node:crypto';
import { createUser, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  get,
  otherEnterprise,
  RECAPTCHA_SECRET,
  setupEnterpriseTests,
  t,
  verifications,
} from './enterprise-test-setup';

setupEnterpriseTests();

describe('GET EducationModule/EducationReportLookupPermission/{id}', () => {
  const ask = (caller: typeof t.admin | null, id: string) =>
    t.call(caller, { method: 'GET', url: `/api/EducationModule/EducationReportLookupPermission/${id}` });

  it('answers whether the person holds education.reports', async () => {
    const admin = await ask(t.admin, t.admin.userId);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toBe(true);
    const reviewer = await ask(t.admin, t.reviewer.userId);
    expect(reviewer.statusCode).toBe(200);
    expect(reviewer.json()).toBe(false);
    expect((await ask(t.reviewer, t.reviewer.userId)).json()).toBe(false);
    expect((await ask(t.reviewer, t.admin.userId)).json()).toBe(true);
    const reporter = await t.createCaller(['education.reports']);
    expect((await ask(t.nobody, reporter.userId)).json()).toBe(true);
    const self = await ask(t.applicant, t.applicant.userId);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toBe(false);
  });

  it('answers 403 to a portal user asking about someone else, 404, 400 and 401', async () => {
    const res = await ask(t.applicant, t.admin.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    const unknown = await ask(t.admin, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const other = await otherEnterprise();
    const stranger = await createUser(t.database.db, other.id, { is_staff: true });
    expect((await ask(t.admin, stranger.id)).statusCode).toBe(404);
    const bad = await ask(t.admin, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('id must be a valid id');
    expect((await ask(null, t.admin.userId)).statusCode).toBe(401);
  });
});

describe('POST recaptchaTokenResponse', () => {
  const verify = (payload: Record<string, unknown>) =>
    t.call(null, { method: 'POST', url: '/api/recaptchaTokenResponse', payload });

  it('says reCAPTCHA is not configured when the enterprise has no secret', async () => {
    const before = verifications.length;
    const res = await verify({ actionString: 'login', token: 'anything', enterpriseId: t.enterpriseId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, configured: false });
    expect(verifications.length).toBe(before);
  });

  it('verifies the token and the action with the verification service', async () => {
    await t.database.db
      .update(enterprises)
      .set({ recaptcha_secret: RECAPTCHA_SECRET })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      const good = await verify({ actionString: 'login', token: 'good', enterpriseId: t.enterpriseId });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({ success: true, configured: true, score: 0.9, action: 'login' });
      const sent = verifications.at(-1)!;
      expect(sent.get('secret')).toBe(RECAPTCHA_SECRET);
      expect(sent.get('response')).toBe('good');

      const wrongAction = await verify({
        actionString: 'register',
        token: 'good',
        enterpriseId: t.enterpriseId,
      });
      expect(wrongAction.statusCode).toBe(200);
      expect(wrongAction.json()).toMatchObject({ success: false, configured: true, action: 'login' });

      const bad = await verify({ actionString: 'login', token: 'forged', enterpriseId: t.enterpriseId });
      expect(bad.statusCode).toBe(200);
      expect(bad.json()).toEqual({ success: false, configured: true, errors: ['invalid-input-response'] });

      const down = await verify({ actionString: 'login', token: 'broken', enterpriseId: t.enterpriseId });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({ success: false, configured: true, errors: ['verification-unavailable'] });

      // The secret never leaves the server.
      expect(good.body).not.toContain(RECAPTCHA_SECRET);
      expect((await get('/api/enterprise')).body).not.toContain(RECAPTCHA_SECRET);
    } finally {
      await t.database.db
        .update(enterprises)
        .set({ recaptcha_secret: '' })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('answers 400 for a missing token and 404 for an unknown enterprise', async () => {
    const missing = await verify({ actionString: 'login', enterpriseId: t.enterpriseId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('token');
    const empty = await verify({ actionString: 'login', token: '', enterpriseId: t.enterpriseId });
    expect(empty.json().error.fields.token).toBe('token is required');
    const badId = await verify({ actionString: 'login', token: 'good', enterpriseId: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.enterpriseId).toBe('enterpriseId must be a valid id');
    const unknown = await verify({ actionString: 'login', token: 'good', enterpriseId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});
