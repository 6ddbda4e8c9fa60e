import { licenseRequests, trainings } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';

let t: TestContext;
let serviceId: string;
let requestId: string;
let trainingId: string;
const NONE = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  serviceId = (await fixtures(t).service()).id;
  const db = t.database.db;
  const [req] = await db
    .insert(licenseRequests)
    .values({ enterprise_id: t.enterpriseId, user_id: t.applicant.userId })
    .returning();
  requestId = req!.id;
  const [course] = await db
    .insert(trainings)
    .values({ enterprise_id: t.enterpriseId, name: 'Driving course' })
    .returning();
  trainingId = course!.id;
});
afterAll(async () => t?.close());

describe('Service user longevity and credits', () => {
  it('CRUD, counts, saveElement and manual redemption into credits', async () => {
    const base = { service_id: serviceId, user_id: t.applicant.userId };
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserLongevities',
      payload: { service_user_longevity: { ...base, years: 5, amount_cents: 50000 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ years: 5, approve: false, service_name: expect.any(String) });
    const id = created.json().id;
    const upd = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/ServiceUserLongevities/${id}`,
      payload: { service_user_longevity: { ...base, years: 5, amount_cents: 50000, approve: true } },
    });
    expect(upd.json()).toMatchObject({ approve: true });
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/ServiceUserLongevities/GetCount?service_id=${serviceId}`,
        })
      ).json(),
    ).toEqual({ count: 1 });

    const saved = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserLongevities/saveElement',
      payload: {
        license_request_id: requestId,
        service_user_longevities: [
          { ...base, years: 2, amount_cents: 1000, approve: true },
          { ...base, years: 3, approve: false },
          { service_id: serviceId, approve: true },
          { ...base, license_request_id: NONE, approve: true },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved).toHaveLength(1);
    expect(saved.json().skipped).toEqual([
      { index: 1, reason: 'not approved' },
      { index: 2, reason: 'missing user_id' },
      { index: 3, reason: `there is no licence request ${NONE}` },
    ]);

    const redeem = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserLongevities/ManualRedemption',
      payload: { user_id: t.applicant.userId },
    });
    expect(redeem.json()).toMatchObject({ redeemed: 2, credit_cents: 51000 });
    const again = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserLongevities/ManualRedemption',
      payload: { user_id: t.applicant.userId },
    });
    expect(again.json()).toMatchObject({ redeemed: 0 });
    const credits = await t.call(t.applicant, { method: 'GET', url: '/api/ServiceUserLongevityCredits' });
    expect(credits.json().total).toBe(2);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/ServiceUserLongevityCredits/getcount' })).json(),
    ).toEqual({
      count: 2,
    });
    const credit = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserLongevityCredits',
      payload: { service_user_longevity_credit: { user_id: t.admin.userId, years: 10, credit_cents: 100 } },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const cid = credit.json().id;
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/ServiceUserLongevityCredits/${cid}` }))
        .statusCode,
    ).toBe(404);
    const cput = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/ServiceUserLongevityCredits/${cid}`,
      payload: { service_user_longevity_credit: { user_id: t.admin.userId, years: 11 } },
    });
    expect(cput.json()).toMatchObject({ years: 11 });
    expect(
      (
        await t.call(t.admin, {
          method: 'DELETE',
          url: `/api/ServiceUserLongevityCredits/${cid}?reason=Error`,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/ServiceUserLongevities/${id}?reason=Error` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/ServiceUserLongevities/${id}` })).statusCode,
    ).toBe(404);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const post = (caller: typeof t.admin | null, body: unknown) =>
      t.call(caller, { method: 'POST', url: '/api/ServiceUserLongevities', payload: body as object });
    expect((await post(t.admin, { service_user_longevity: { service_id: 'x' } })).statusCode).toBe(400);
    expect((await post(null, { service_user_longevity: {} })).statusCode).toBe(401);
    expect(
      (
        await post(t.applicant, {
          service_user_longevity: { service_id: serviceId, user_id: t.applicant.userId },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/ServiceUserLongevities/${NONE}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/ServiceUserLongevities/ManualRedemption',
          payload: { user_id: NONE },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/ServiceUserLongevities/saveElement',
          payload: { service_user_longevities: [] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/ServiceUserLongevityCredits',
          payload: { service_user_longevity_credit: {} },
        })
      ).statusCode,
    ).toBe(400);
    // A portal user who does not run the service sees none of its people's longevity.
    const list = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/ServiceUserLongevities?service_id=${serviceId}`,
    });
    expect(list.json().total).toBe(0);
  });
});

describe('Service user trainings (reimbursements)', () => {
  it('CRUD, saveElement and the totals per service', async () => {
    const base = { service_id: serviceId, user_id: t.applicant.userId, training_id: trainingId };
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserTrainings',
      payload: { service_user_training: { ...base, reimburse: true, amount_cents: 12500 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ training_name: 'Driving course', reimburse: true });
    const id = created.json().id;
    const upd = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/ServiceUserTrainings/${id}`,
      payload: { service_user_training: { ...base, reimburse: false, amount_cents: 2000 } },
    });
    expect(upd.json()).toMatchObject({ reimburse: false, amount_cents: 2000 });
    const saved = await t.call(t.admin, {
      method: 'POST',
      url: '/api/ServiceUserTrainings/saveElement',
      payload: {
        license_request_id: requestId,
        service_user_trainings: [
          { ...base, reimburse: true, amount_cents: 3000 },
          { ...base, reimburse: false },
          { service_id: serviceId, user_id: t.applicant.userId, reimburse: true },
        ],
      },
    });
    expect(saved.json()).toMatchObject({
      saved: [expect.any(String)],
      skipped: [
        { index: 1, reason: 'not reimbursable' },
        { index: 2, reason: 'missing training_id' },
      ],
    });
    const totals = await t.call(t.admin, {
      method: 'GET',
      url: `/api/TrainingUsersReimbursement?service_id=${serviceId}`,
    });
    expect(totals.json()).toMatchObject({ total_cents: 5000, reimbursable_cents: 3000 });
    expect(totals.json().items).toHaveLength(2);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/TrainingUsersReimbursement?service_id=x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call(null, { method: 'GET', url: `/api/TrainingUsersReimbursement?service_id=${serviceId}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: `/api/TrainingUsersReimbursement?service_id=${serviceId}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.admin, { method: 'GET', url: `/api/ServiceUserTrainings?service_id=${serviceId}` })
      ).json().total,
    ).toBe(2);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/ServiceUserTrainings/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/ServiceUserTrainings/${id}` })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/ServiceUserTrainings/${id}?reason=Dup` }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/ServiceUserTrainings',
          payload: { service_user_training: { ...base, training_id: NONE } },
        })
      ).statusCode,
    ).toBe(400);
  });
});
