import { randomUUID } from 'node:crypto';
import { referenceTables } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let other: Caller;
let licenseId: string;
let levelId: string;
let typeId: string;
let chargeId: string;
let requestId: string;

beforeAll(async () => {
  t = await createTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
  const category = randomUUID();
  const lic = (
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: { name: 'Parts licence', entity: 'user' },
        license_categories: [{ id: category, label: 'Provider' }],
        license_category_levels: [{ label: 'EMT', license_category_id: category }],
      },
    })
  ).json();
  licenseId = lic.id;
  levelId = lic.license_category_levels[0].id;
  const [type] = await t.database.db
    .insert(referenceTables.application_types)
    .values({ enterprise_id: t.enterpriseId, label: 'Initial', license_id: licenseId })
    .returning();
  typeId = type!.id as string;
  const [charge] = await t.database.db
    .insert(referenceTables.license_charges)
    .values({
      enterprise_id: t.enterpriseId,
      label: 'Per level',
      license_id: licenseId,
      amount_cents: 1500,
      calculated_field: 'levels',
    })
    .returning();
  chargeId = charge!.id as string;
  requestId = (
    await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicenseRequests',
      payload: { license_request: { license_id: licenseId } },
    })
  ).json().id;
});
afterAll(() => t?.close());

describe('request parts', () => {
  it('creates an application type from a GUID%GUID key, ignoring other keys, and clears them', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/LicenseRequestApplicationTypes',
      payload: {
        license_request_application_type: {
          license_request_id: requestId,
          [`${typeId}%${levelId}`]: true,
          ignored: 'x',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ application_type_id: typeId, license_category_level_id: levelId });

    const value = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicensingModule/CalculatedValue',
      payload: { license_charge_id: chargeId, license_request_id: requestId },
    });
    expect(value.json()).toMatchObject({ quantity: 1, amount_cents: 1500 });

    const cleared = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicenseRequestApplicationTypes/clearElement',
      payload: { license_request_id: requestId },
    });
    expect(cleared.json()).toEqual({ cleared: 1 });
    const after = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicensingModule/CalculatedValue',
      payload: { license_charge_id: chargeId, license_request_id: requestId },
    });
    expect(after.json()).toMatchObject({ quantity: 0, amount_cents: 0 });
    const trainings = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/LicenseRequestSupplementalTrainingTrainings/clearElement',
      payload: { license_request_id: requestId },
    });
    expect(trainings.json()).toEqual({ cleared: 0 });
  });

  it('lists calculated fields and logs supplemental dates', async () => {
    const fields = await t.call(t.admin, {
      method: 'GET',
      url: '/api/LicensingModule/LicenseChargeCalculatedFields',
    });
    expect(fields.json().map((f: { key: string }) => f.key)).toContain('days_late');
    const dates = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/EducationModule/LogSupplementalDates',
      payload: { license_request_id: requestId, dates: { start: '2025-01-01', end: '2026-12-31' } },
    });
    expect(dates.json()).toEqual({ start: '2025-01-01', end: '2026-12-31' });
    const window = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/LicenseRequests/getTrainingValidationDates?id=${requestId}`,
    });
    expect(window.json()).toEqual({ start: '2025-01-01', end: '2026-12-31' });
  });

  it('answers 400, 401, 403 and 404', async () => {
    const bad = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/EducationModule/LogSupplementalDates',
      payload: { license_request_id: requestId, dates: { start: '2026-12-31', end: '2025-01-01' } },
    });
    expect(bad.json().error.fields).toHaveProperty(['start']);
    expect(
      (
        await t.call(other, {
          method: 'POST',
          url: '/api/LicenseRequestApplicationTypes/clearElement',
          payload: { license_request_id: requestId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/LicensingModule/CalculatedValue',
          payload: { license_charge_id: randomUUID(), license_request_id: requestId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(null, { method: 'GET', url: '/api/LicensingModule/LicenseChargeCalculatedFields' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call(t.applicant, {
          method: 'GET',
          url: '/api/LicensingModule/LicenseChargeCalculatedFields',
        })
      ).statusCode,
    ).toBe(403);
  });
});
