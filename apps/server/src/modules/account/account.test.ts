import { permissionKeys } from '@licensure/contracts';
import { users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('GET account', () => {
  it('returns the signed-in staff account with its permissions and work counts', async () => {
    await t.database.db
      .update(users)
      .set({ email: 'admin@example.gov', first_name: 'Avery' })
      .where(eq(users.id, t.admin.userId));
    const res = await t.call(t.admin, { method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: t.admin.userId,
      enterprise_id: t.enterpriseId,
      user_name: t.admin.userName,
      first_name: 'Avery',
      last_name: 'Person',
      email: 'admin@example.gov',
      is_staff: true,
      isPortal: false,
      permissions: [...permissionKeys].sort(),
      counts_retrieved: true,
      continue_count: 0,
      review_count: 0,
      checkout_count: 0,
    });
    expect(res.json()).not.toHaveProperty('password_hash');
  });

  it('gives each caller their own account and permissions', async () => {
    const reviewer = (
      await t.call(t.reviewer, { method: 'GET', url: '/api/account?params=dashboard' })
    ).json();
    expect(reviewer.id).toBe(t.reviewer.userId);
    expect(reviewer.permissions).toEqual(['enterprise.read', 'lookups.read', 'users.read']);
    const nobody = await t.call(t.nobody, { method: 'GET', url: '/api/account' });
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toMatchObject({
      id: t.nobody.userId,
      is_staff: true,
      isPortal: false,
      permissions: [],
      counts_retrieved: true,
    });
  });

  it('marks a portal session as such, with the portal permissions', async () => {
    const res = await t.call(t.applicant, { method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: t.applicant.userId,
      user_name: t.applicant.userName,
      is_staff: false,
      isPortal: true,
      permissions: ['lookups.read'],
      counts_retrieved: true,
      continue_count: 0,
      review_count: 0,
      checkout_count: 0,
    });
  });

  it('answers 401 anonymous and 400 for an overlong params', async () => {
    const anonymous = await t.call(null, { method: 'GET', url: '/api/account' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const long = await t.call(t.admin, { method: 'GET', url: `/api/account?params=${'x'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('params');
  });
});

describe('GET account/preview', () => {
  it('returns a short view of the account, without counts', async () => {
    const res = await t.call(t.reviewer, { method: 'GET', url: '/api/account/preview' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: t.reviewer.userId,
      user_name: t.reviewer.userName,
      first_name: 'Test',
      last_name: 'Person',
      is_staff: true,
      isPortal: false,
    });
    const portal = await t.call(t.applicant, { method: 'GET', url: '/api/account/preview' });
    expect(portal.json()).toEqual({
      id: t.applicant.userId,
      user_name: t.applicant.userName,
      first_name: 'Test',
      last_name: 'Person',
      is_staff: false,
      isPortal: true,
    });
  });

  it('answers 401 anonymous', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/account/preview' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('POST account/validate', () => {
  const validate = (caller: typeof t.admin | null, payload: unknown) =>
    t.call(caller, { method: 'POST', url: '/api/account/validate', payload: payload as object });

  it("confirms the caller's own credentials only", async () => {
    const right = await validate(t.reviewer, { user_name: t.reviewer.userName, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ valid: true });
    const upper = await validate(t.reviewer, {
      user_name: t.reviewer.userName.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(upper.json()).toEqual({ valid: true });
    const wrong = await validate(t.reviewer, {
      user_name: t.reviewer.userName,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ valid: false });
    const someoneElse = await validate(t.reviewer, { user_name: t.admin.userName, password: TEST_PASSWORD });
    expect(someoneElse.statusCode).toBe(200);
    expect(someoneElse.json()).toEqual({ valid: false });
    const portal = await validate(t.applicant, { user_name: t.applicant.userName, password: TEST_PASSWORD });
    expect(portal.json()).toEqual({ valid: true });
  });

  it('answers 400 naming the field and 401 anonymous', async () => {
    const missing = await validate(t.admin, { user_name: t.admin.userName });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
    expect(missing.json().error.fields.password).toBeDefined();
    const empty = await validate(t.admin, { user_name: t.admin.userName, password: '' });
    expect(empty.json().error.fields.password).toBe('Password is required');
    const anonymous = await validate(null, { user_name: t.admin.userName, password: TEST_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
  });
});
