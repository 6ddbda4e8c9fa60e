import { servicePersonnel, services, serviceVehicles, vehicles } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { buildForm, createResponse, type TestForm } from '../responses/test-fixtures';

let t: TestContext;
let admin: Caller;
let stranger: Caller;
let form: TestForm;
let serviceId: string;
let vehicleId: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createCaller([], { isStaff: false, isPortal: true });
  stranger = await t.createCaller([], { isStaff: false, isPortal: true });
  form = await buildForm(t, { applicant_access: 'edit' });
  const db = t.database.db;
  const [service] = await db
    .insert(services)
    .values({ enterprise_id: t.enterpriseId, name: 'Forms County EMS' })
    .returning();
  serviceId = service!.id;
  await db.insert(servicePersonnel).values({
    enterprise_id: t.enterpriseId,
    service_id: serviceId,
    user_id: admin.userId,
    is_administrator: true,
  });
  const [vehicle] = await db
    .insert(vehicles)
    .values({ enterprise_id: t.enterpriseId, serial_number: '1FTFW1E50PFA00001', unit_number: 'Medic 1' })
    .returning();
  vehicleId = vehicle!.id;
  await db.insert(serviceVehicles).values({ service_id: serviceId, vehicle_id: vehicleId });
});
afterAll(() => t?.close());

async function requestFor(entity: 'service' | 'vehicle') {
  const license = (
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: { license: { name: `${entity} permit`, entity } },
    })
  ).json();
  const res = await t.call(admin, {
    method: 'POST',
    url: '/api/LicenseRequests',
    payload: {
      license_request: {
        license_id: license.id,
        [`${entity}_id`]: entity === 'service' ? serviceId : vehicleId,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe("the forms of a service's or vehicle's request", () => {
  it.each(['service', 'vehicle'] as const)(
    'are answered by an administrator of the service (%s)',
    async (entity) => {
      const requestId = await requestFor(entity);
      const created = await createResponse(t, admin, form, {}, { licenseRequestId: requestId });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().license_request_id).toBe(requestId);
      const refused = await createResponse(t, stranger, form, {}, { licenseRequestId: requestId });
      expect(refused.statusCode).toBe(403);
    },
  );
});
