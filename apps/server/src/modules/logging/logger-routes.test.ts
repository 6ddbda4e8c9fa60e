import { randomUUID } from 'node:crypto';
import {
  accessLog,
  clientErrorLog,
  createEnterprise,
  createUser,
  fbForms,
  fbResponses,
  formProgressLog,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupLoggingTests, t } from './logging-test-setup';

setupLoggingTests();

describe('POST Logger/LogAccess', () => {
  const log = (caller: typeof t.admin | null, payload: unknown) =>
    t.call(caller, { method: 'POST', url: '/api/Logger/LogAccess', payload: payload as object });

  it('records who read which field of whom', async () => {
    const res = await log(t.reviewer, { user_id: t.applicant.userId, field: 'ssn' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const [row] = await t.database.db.select().from(accessLog).where(eq(accessLog.id, id));
    expect(row).toMatchObject({
      enterprise_id: t.enterpriseId,
      viewer_id: t.reviewer.userId,
      user_id: t.applicant.userId,
      field: 'ssn',
    });
    expect(row!.at).toBeInstanceOf(Date);
    const byNobody = await log(t.nobody, { user_id: t.nobody.userId, field: '  date_of_birth  ' });
    expect(byNobody.statusCode).toBe(201);
    const [trimmed] = await t.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.id, byNobody.json().id));
    expect(trimmed).toMatchObject({ viewer_id: t.nobody.userId, field: 'date_of_birth' });
  });

  it('records only reads of people the caller may read: a portal user names only themselves', async () => {
    const rowsAbout = async (userId: string) =>
      (await t.database.db.select().from(accessLog).where(eq(accessLog.user_id, userId))).length;
    const before = await rowsAbout(t.admin.userId);
    const forged = await log(t.applicant, { user_id: t.admin.userId, field: 'ssn' });
    expect(forged.statusCode).toBe(404);
    expect((await log(t.nobody, { user_id: t.admin.userId, field: 'ssn' })).statusCode).toBe(403);
    expect(await rowsAbout(t.admin.userId)).toBe(before);
    const own = await log(t.applicant, { user_id: t.applicant.userId, field: 'ssn' });
    expect(own.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(accessLog).where(eq(accessLog.id, own.json().id));
    expect(row).toMatchObject({ viewer_id: t.applicant.userId, user_id: t.applicant.userId });
  });

  it('answers 404 for an unknown person or one of another enterprise', async () => {
    const unknown = await log(t.admin, { user_id: randomUUID(), field: 'ssn' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const other = await t.database.db.transaction((tx) =>
      createEnterprise(tx, { name: 'Far state' }, { referenceData: false }),
    );
    const stranger = await createUser(t.database.db, other.id);
    expect((await log(t.admin, { user_id: stranger.id, field: 'ssn' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(accessLog).where(eq(accessLog.user_id, stranger.id))).toEqual(
      [],
    );
  });

  it('answers 400 naming the field, 401 anonymous and 403 without the CSRF token', async () => {
    const badId = await log(t.admin, { user_id: 'x', field: 'ssn' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.user_id).toBe('user_id must be a valid id');
    const noField = await log(t.admin, { user_id: t.applicant.userId, field: ' ' });
    expect(noField.statusCode).toBe(400);
    expect(noField.json().error.fields.field).toBe('field is required');
    const anonymous = await log(null, { user_id: t.applicant.userId, field: 'ssn' });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/Logger/LogAccess',
      headers: { cookie: t.admin.cookie },
      payload: { user_id: t.applicant.userId, field: 'ssn' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_failed');
  });
});

describe('POST Logger/LogFormProgress', () => {
  /** A response of the applicant to a form open to applicants. */
  async function applicantResponse() {
    const db = t.database.db;
    const [form] = await db
      .insert(fbForms)
      .values({ enterprise_id: t.enterpriseId, name: `Progress form ${randomUUID()}` })
      .returning();
    const [response] = await db
      .insert(fbResponses)
      .values({
        enterprise_id: t.enterpriseId,
        form_id: form!.id,
        form_version: 1,
        user_id: t.applicant.userId,
      })
      .returning();
    return response!.id;
  }

  it('records progress through a form response', async () => {
    const responseId = await applicantResponse();
    const res = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Logger/LogFormProgress',
      payload: { text: 'Completed section 2 of 5', fb_response_id: responseId },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(formProgressLog)
      .where(eq(formProgressLog.id, res.json().id));
    expect(row).toMatchObject({
      enterprise_id: t.enterpriseId,
      user_id: t.applicant.userId,
      fb_response_id: responseId,
      text: 'Completed section 2 of 5',
    });
  });

  it('answers 400 naming the field and 401 anonymous', async () => {
    const noText = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Logger/LogFormProgress',
      payload: { fb_response_id: randomUUID() },
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.fields).toHaveProperty('text');
    const badId = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Logger/LogFormProgress',
      payload: { text: 'x', fb_response_id: 'nope' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.fb_response_id).toBe('fb_response_id must be a valid id');
    const anonymous = await t.call(null, {
      method: 'POST',
      url: '/api/Logger/LogFormProgress',
      payload: { text: 'x', fb_response_id: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
  });

  it('answers 404 for a response that does not exist or is someone else’s, 403 for staff without access', async () => {
    const responseId = await applicantResponse();
    const log = (caller: typeof t.admin, fb_response_id: string) =>
      t.call(caller, {
        method: 'POST',
        url: '/api/Logger/LogFormProgress',
        payload: { text: 'x', fb_response_id },
      });
    expect((await log(t.applicant, randomUUID())).statusCode).toBe(404);
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await log(other, responseId)).statusCode).toBe(404);
    expect((await log(t.nobody, responseId)).statusCode).toBe(403);
    expect((await log(t.admin, responseId)).statusCode).toBe(201);
  });
});

describe('POST Logger/LogAngularApiErrors', () => {
  it('records an error report from anyone, with the user when signed in', async () => {
    const anonymous = await t.call(null, {
      method: 'POST',
      url: '/api/Logger/LogAngularApiErrors',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      payload: { errorText: 'TypeError: cannot read properties of undefined' },
    });
    expect(anonymous.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(clientErrorLog)
      .where(eq(clientErrorLog.id, anonymous.json().id));
    expect(row).toMatchObject({
      enterprise_id: t.enterpriseId,
      user_id: null,
      error_text: 'TypeError: cannot read properties of undefined',
      user_agent: 'TestBrowser/1.0',
    });

    const signedIn = await t.call(t.nobody, {
      method: 'POST',
      url: '/api/Logger/LogAngularApiErrors',
      payload: { errorText: 'Http failure 500' },
    });
    expect(signedIn.statusCode).toBe(201);
    const [mine] = await t.database.db
      .select()
      .from(clientErrorLog)
      .where(eq(clientErrorLog.id, signedIn.json().id));
    expect(mine).toMatchObject({ user_id: t.nobody.userId, error_text: 'Http failure 500' });
  });

  it('answers 400 for an empty errorText', async () => {
    for (const payload of [{ errorText: '' }, { errorText: '   ' }, {}]) {
      const res = await t.call(null, { method: 'POST', url: '/api/Logger/LogAngularApiErrors', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('errorText');
    }
    const tooLong = await t.call(null, {
      method: 'POST',
      url: '/api/Logger/LogAngularApiErrors',
      payload: { errorText: 'x'.repeat(20_001) },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
