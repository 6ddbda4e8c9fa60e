import { randomUUID } from 'node:crypto';
import { createUser, ipVisits, licenseRequests, licenses, mailLog, triggerLogs } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherEnterprise } from '../../test/other-enterprise';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const counts = async (caller: Parameters<TestContext['call']>[0]) => {
  const res = await t.call(caller, { method: 'GET', url: '/api/staff/nav-counts' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Waiting work (and work that is not) in one enterprise: 2 to review, 2 overdue, 1 failed, 1 unsent. */
async function seed(enterpriseId: string) {
  const db = t.database.db;
  const applicant = await createUser(db, enterpriseId, {});
  const [licence] = await db
    .insert(licenses)
    .values({ enterprise_id: enterpriseId, name: 'Nav count licence', entity: 'user' })
    .returning();
  const request = (review_state: 'submitted' | 'draft' | 'approved', deleted = false) => ({
    enterprise_id: enterpriseId,
    license_id: licence!.id,
    user_id: applicant.id,
    review_state,
    deleted_at: deleted ? new Date() : null,
  });
  await db
    .insert(licenseRequests)
    .values([
      request('submitted'),
      request('submitted'),
      request('draft'),
      request('approved'),
      request('submitted', true),
    ]);
  const serviceId = randomUUID();
  const visit = (
    inspection_date: string,
    status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled',
  ) => ({
    enterprise_id: enterpriseId,
    service_id: serviceId,
    inspection_date,
    status,
  });
  await db
    .insert(ipVisits)
    .values([
      visit(day(-3), 'scheduled'),
      visit(day(-1), 'in_progress'),
      visit(day(-3), 'completed'),
      visit(day(-3), 'cancelled'),
      visit(day(0), 'scheduled'),
      visit(day(5), 'scheduled'),
    ]);
  const log = (status: 'failed' | 'done', created_at = new Date()) => ({
    enterprise_id: enterpriseId,
    trigger_id: randomUUID(),
    trigger_configuration_trigger_id: randomUUID(),
    trigger_configuration_id: randomUUID(),
    entity: 'users',
    object_id: applicant.id,
    status,
    created_at,
  });
  await db
    .insert(triggerLogs)
    .values([log('failed'), log('done'), log('failed', new Date(Date.now() - 30 * 86_400_000))]);
  const mail = (status: 'failed' | 'sent' | 'held') => ({
    enterprise_id: enterpriseId,
    to_address: 'someone@example.org',
    subject: 'A letter',
    text_body: 'Hello',
    status,
  });
  await db.insert(mailLog).values([mail('failed'), mail('sent'), mail('held')]);
}

describe('GET /api/staff/nav-counts', () => {
  beforeAll(async () => {
    await seed(t.enterpriseId);
    // Another enterprise's waiting work is never counted here.
    const other = await createOtherEnterprise(t);
    await seed(other.enterpriseId);
  });

  it('counts waiting work in the caller’s enterprise for staff holding every permission', async () => {
    expect(await counts(t.admin)).toEqual({
      requestsToReview: 2,
      overdueInspections: 2,
      failedAutomation: 1,
      unsentMail: 1,
    });
  });

  it('gives each count only to a caller holding the permission that opens its list', async () => {
    expect(await counts(await t.createCaller(['mail.read']))).toEqual({ unsentMail: 1 });
    expect(await counts(await t.createCaller(['requests.read', 'inspections.read']))).toEqual({
      requestsToReview: 2,
      overdueInspections: 2,
    });
    expect(await counts(await t.createCaller(['triggers.read']))).toEqual({ failedAutomation: 1 });
  });

  it('gives staff without those permissions and portal users no count at all', async () => {
    expect(await counts(t.nobody)).toEqual({});
    expect(await counts(t.applicant)).toEqual({});
    expect(await counts(await t.createCaller(['lookups.read']))).toEqual({});
  });

  it('refuses a caller who is not signed in (401)', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/staff/nav-counts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('is not cached by the browser or a proxy', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/staff/nav-counts' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
