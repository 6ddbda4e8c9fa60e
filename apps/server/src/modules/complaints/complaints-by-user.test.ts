import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

/**
 * Complaints/getByUserID refuses callers without complaint rights with 403, as every other complaint
 * route does, before anything is looked up: the answer says nothing about whether the person exists.
 */
let t: TestContext;
let portal: Caller;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  portal = await t.createCaller([], { isStaff: false, isPortal: true });
});
afterAll(async () => t?.close());

const byUser = (caller: Caller, userId: string) =>
  t.call(caller, { method: 'GET', url: `/api/Complaints/getByUserID?user_id=${userId}` });

describe('Complaints/getByUserID', () => {
  it('answers 403 to staff without complaint rights, for a real person or none, like the other routes', async () => {
    for (const staff of [t.nobody, t.reviewer]) {
      for (const id of [t.applicant.userId, missing]) {
        const res = await byUser(staff, id);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      expect((await t.call(staff, { method: 'GET', url: '/api/Complaints' })).statusCode).toBe(403);
    }
  });

  it("answers 403 to a portal user asking for someone else's, and their own filings to them", async () => {
    for (const id of [t.applicant.userId, missing]) expect((await byUser(portal, id)).statusCode).toBe(403);
    const own = await byUser(portal, portal.userId);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    expect((await byUser(t.admin, t.applicant.userId)).statusCode).toBe(200);
  });
});
