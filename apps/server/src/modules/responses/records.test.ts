// populateGroup, GetServiceApplicationVehicles and LicenseRequests/saveApplicationTypeID.
import { randomUUID } from 'node:crypto';
import { application_types, dataChangeLog, licenseRequests, users } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import { buildForm, startResponse, type TestForm } from './test-fixtures';

let t: TestContext;
let form: TestForm;

beforeAll(async () => {
  t = await createTestContext();
  form = await buildForm(t);
  await t.database.db
    .update(users)
    .set({ first_name: 'Jane', birth_date: '1990-03-05' })
    .where(eq(users.id, t.applicant.userId));
});
afterAll(async () => t?.close());

const request = async (values: Partial<typeof licenseRequests.$inferInsert> = {}) => {
  const [row] = await t.database.db
    .insert(licenseRequests)
    .values({ enterprise_id: t.enterpriseId, ...values })
    .returning();
  return row!;
};

describe('GET fbresponses/populateGroup', () => {
  const populate = (caller: Caller | null, responseId: string, groupId: string) =>
    t.call(caller, {
      method: 'GET',
      url: `/api/fbresponses/populateGroup?responseID=${responseId}&groupID=${groupId}`,
    });

  it('reads the mapped fields of the response’s person and service; dates as YYYY-MM-DD', async () => {
    const service = await fixtures(t).service({ name: 'Lakeside Ambulance' });
    const r = await startResponse(
      t,
      t.admin,
      form,
      {},
      { userId: t.applicant.userId, serviceId: service.id },
    );
    const res = await populate(t.applicant, r.id, form.groups.populated);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { question_id: form.q.firstName, value: 'Jane' },
      { question_id: form.q.birthDate, value: '1990-03-05' },
      { question_id: form.q.serviceName, value: 'Lakeside Ambulance' },
    ]);
    // Without a service, its fields are empty; a group without mapped questions gives nothing.
    const own = await startResponse(t, t.applicant, form, {});
    const values = (await populate(t.applicant, own.id, form.groups.populated)).json();
    expect(
      values.find((v: { question_id: string }) => v.question_id === form.q.serviceName).value,
    ).toBeNull();
    expect((await populate(t.applicant, own.id, form.groups.finish)).json()).toEqual([]);
  });

  it('404 for a group not in the response’s version or someone else’s response; 403; 400; 401', async () => {
    const r = await startResponse(t, t.applicant, form, {});
    expect((await populate(t.applicant, r.id, randomUUID())).statusCode).toBe(404);
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await populate(other, r.id, form.groups.populated)).statusCode).toBe(404);
    expect((await populate(t.nobody, r.id, form.groups.populated)).statusCode).toBe(403);
    expect((await populate(t.admin, 'x', form.groups.populated)).json().error.fields).toHaveProperty(
      'responseID',
    );
    expect((await populate(null, r.id, form.groups.populated)).statusCode).toBe(401);
  });
});

describe('POST fbresponses/GetServiceApplicationVehicles', () => {
  const call = (caller: Caller | null, payload: object) =>
    t.call(caller, { method: 'POST', url: '/api/fbresponses/GetServiceApplicationVehicles', payload });

  it('lists the vehicles inside each service application, with their requests', async () => {
    const f = fixtures(t);
    const service = await f.service();
    const ambulance = await f.vehicle(
      { unit_number: 'M-1', make: 'Ford', model: 'E-450', model_year: 2022 },
      service.id,
    );
    const rescue = await f.vehicle({ unit_number: 'R-2' }, service.id);
    const application = await request({ service_id: service.id });
    const second = await request({ service_id: service.id });
    const one = await request({ vehicle_id: ambulance.id, parent_request_id: application.id, progress: 1 });
    const two = await request({ vehicle_id: rescue.id, parent_request_id: second.id });
    await request({ vehicle_id: rescue.id, parent_request_id: application.id, deleted_at: new Date() });
    const reader = await t.createCaller(['responses.read']);
    const res = await call(reader, { licenseRequestIDs: [application.id, second.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()).toContainEqual({
      id: ambulance.id,
      unit_number: 'M-1',
      serial_number: ambulance.serial_number,
      make: 'Ford',
      model: 'E-450',
      model_year: 2022,
      request_id: one.id,
      parent_request_id: application.id,
      progress: 1,
    });
    expect(res.json()).toContainEqual(expect.objectContaining({ id: rescue.id, request_id: two.id }));
  });

  it('404 for a request that is not a service application; 400; 403; 401', async () => {
    const personal = await request({ user_id: t.applicant.userId });
    expect((await call(t.admin, { licenseRequestIDs: [personal.id] })).statusCode).toBe(404);
    expect((await call(t.admin, { licenseRequestIDs: [randomUUID()] })).statusCode).toBe(404);
    expect((await call(t.admin, { licenseRequestIDs: [] })).json().error.fields).toHaveProperty(
      'licenseRequestIDs',
    );
    expect((await call(t.applicant, { licenseRequestIDs: [personal.id] })).statusCode).toBe(403);
    expect((await call(null, { licenseRequestIDs: [personal.id] })).statusCode).toBe(401);
  });
});

describe('POST LicenseRequests/saveApplicationTypeID', () => {
  const call = (caller: Caller | null, payload: object) =>
    t.call(caller, { method: 'POST', url: '/api/LicenseRequests/saveApplicationTypeID', payload });
  const newType = async () => {
    const [row] = (await t.database.db
      .insert(application_types)
      .values({ enterprise_id: t.enterpriseId, label: `Initial ${randomUUID().slice(0, 8)}` })
      .returning()) as { id: string }[];
    return row!.id;
  };

  it('sets the type for the request’s person and records the change; false without a type', async () => {
    const typeId = await newType();
    const own = await request({ user_id: t.applicant.userId, progress: 1 });
    const res = await call(t.applicant, { licenseRequestID: own.id, applicationTypeID: typeId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    const [row] = await t.database.db.select().from(licenseRequests).where(eq(licenseRequests.id, own.id));
    expect(row?.application_type_id).toBe(typeId);
    const [change] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'license_requests'), eq(dataChangeLog.object_id, own.id)));
    expect(change?.action).toBe('update');
    const none = await call(t.applicant, { licenseRequestID: own.id });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBe(false);
    expect((await call(t.applicant, { licenseRequestID: own.id, applicationTypeID: null })).json()).toBe(
      false,
    );
  });

  it('400 for an unknown type, 404 for a missing or someone else’s request, 403, 409 once submitted, 401', async () => {
    const typeId = await newType();
    const own = await request({ user_id: t.applicant.userId });
    const badType = await call(t.applicant, { licenseRequestID: own.id, applicationTypeID: randomUUID() });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fields).toHaveProperty('applicationTypeID');
    expect(
      (await call(t.admin, { licenseRequestID: randomUUID(), applicationTypeID: typeId })).statusCode,
    ).toBe(404);
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await call(other, { licenseRequestID: own.id, applicationTypeID: typeId })).statusCode).toBe(404);
    expect((await call(t.nobody, { licenseRequestID: own.id, applicationTypeID: typeId })).statusCode).toBe(
      403,
    );
    const sent = await request({ user_id: t.applicant.userId, progress: 2, completed_on: new Date() });
    expect(
      (await call(t.applicant, { licenseRequestID: sent.id, applicationTypeID: typeId })).statusCode,
    ).toBe(409);
    expect((await call(t.admin, { licenseRequestID: sent.id, applicationTypeID: typeId })).json()).toBe(true);
    expect((await call(t.admin, { licenseRequestID: 'x' })).statusCode).toBe(400);
    expect((await call(null, { licenseRequestID: own.id, applicationTypeID: typeId })).statusCode).toBe(401);
  });
});
