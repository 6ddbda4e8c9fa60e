import { randomUUID } from 'node:crypto';
import { licenses, processes } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let processId: string;

function payload(name: string) {
  const provider = randomUUID();
  const instructor = randomUUID();
  return {
    license: { name, code: 'EMS', entity: 'user', renewal_window_days: 120 },
    license_categories: [
      { id: provider, label: 'EMS Provider', sort_order: 1 },
      { id: instructor, label: 'Instructor', sort_order: 2, allow_multiple_levels: true },
    ],
    license_category_levels: [
      { label: 'EMT', license_category_id: provider, months_valid: 24, sort_order: 1 },
      { label: 'Paramedic', license_category_id: provider, months_valid: 24, sort_order: 2 },
      { label: 'Instructor I', license_category_id: instructor, expiration_rule: 'exact' },
    ],
    license_request_statuses: [
      { label: 'In progress', sort_order: 1 },
      { label: 'Approved', is_final: true, sort_order: 2 },
    ],
    license_category_certification_statuses: [
      { label: 'Active', holder_state: 'active', is_issued_status: true },
      { label: 'Expired', holder_state: 'expired' },
    ],
    license_category_certification_attributes: [
      { label: 'Restricted to daylight', license_category_id: provider },
    ],
    processes: [{ process_id: processId, required: true }],
    license_rules: [
      {
        name: 'Adult',
        license_rule_field_values: [
          {
            operator: '>=',
            value: '18',
            license_rule_field: {
              name: 'Age',
              table_name: 'users',
              field_name: 'birth_date',
              format: 'age',
              entity: 'user',
            },
          },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestContext();
  const [p] = await t.database.db
    .insert(processes)
    .values({ enterprise_id: t.enterpriseId, label: 'Background check' })
    .returning();
  processId = p!.id;
});
afterAll(() => t?.close());

describe('licenses with the licence save payload', () => {
  it('creates a licence and its whole configuration in one call, and reads it back', async () => {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: payload('EMS Personnel'),
    });
    expect(res.statusCode).toBe(200);
    const lic = res.json();
    expect(lic).toMatchObject({ name: 'EMS Personnel', entity: 'user', renewal_window_days: 120 });
    expect(lic.license_categories).toHaveLength(2);
    expect(lic.license_category_levels.map((l: { label: string }) => l.label)).toEqual([
      'Instructor I',
      'EMT',
      'Paramedic',
    ]);
    expect(lic.license_request_statuses).toHaveLength(2);
    expect(lic.license_category_certification_statuses).toHaveLength(2);
    expect(lic.license_category_certification_attributes).toHaveLength(1);
    expect(lic.processes[0]).toMatchObject({ process_id: processId, required: true });
    expect(lic.license_rules[0].license_rule_field_values[0].license_rule_field.format).toBe('age');

    const got = await t.call(t.admin, { method: 'GET', url: `/api/licenses/${lic.id}` });
    expect(got.json()).toEqual(lic);
    // The sets are also served one by one, by their own routes.
    const levels = await t.call(t.admin, {
      method: 'GET',
      url: `/api/licensecategorylevels?licenseID=${lic.id}`,
    });
    expect(levels.json().total).toBe(3);
    const list = await t.call(t.admin, { method: 'GET', url: '/api/licenses?search=personnel' });
    expect(list.json().items.map((l: { id: string }) => l.id)).toEqual([lic.id]);
  });

  it('replaces the sets that are sent and keeps the others', async () => {
    const lic = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Ambulance permit') })
    ).json();
    const emt = lic.license_category_levels.find((l: { label: string }) => l.label === 'EMT');
    const res = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/licenses/${lic.id}`,
      payload: {
        license: { ...payload('Ambulance permit').license, entity: 'vehicle' },
        license_category_levels: [
          { ...emt, label: 'EMT-B' },
          { label: 'AEMT', license_category_id: emt.license_category_id },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.entity).toBe('vehicle');
    expect(
      after.license_category_levels.map((l: { label: string; id: string }) => [l.label, l.id === emt.id]),
    ).toEqual(
      expect.arrayContaining([
        ['EMT-B', true],
        ['AEMT', false],
      ]),
    );
    expect(after.license_category_levels).toHaveLength(2);
    expect(after.license_request_statuses).toHaveLength(2);
    expect(after.license_rules).toHaveLength(1);
  });

  it('refuses bad payloads naming the field, writing nothing', async () => {
    const before = (await t.database.db.select().from(licenses)).length;
    const badLevel = payload('Broken 1');
    badLevel.license_category_levels[0]!.license_category_id = randomUUID();
    const a = await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: badLevel });
    expect(a.statusCode).toBe(400);
    expect(a.json().error.fields).toHaveProperty(['license_category_levels.0.license_category_id']);

    const badProcess = payload('Broken 2');
    badProcess.processes[0]!.process_id = randomUUID();
    const b = await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: badProcess });
    expect(b.json().error.fields).toHaveProperty(['processes.0.process_id']);

    const badRule = payload('Broken 3');
    badRule.license_rules[0]!.license_rule_field_values[0]!.value = 'old';
    const c = await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: badRule });
    expect(c.statusCode).toBe(400);
    expect(c.json().error.fields).toHaveProperty(['license_rules.0.license_rule_field_values.0.value']);

    const noEntity = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: { license: { name: 'x' } },
    });
    expect(noEntity.json().error.fields).toHaveProperty(['entity']);
    expect((await t.database.db.select().from(licenses)).length).toBe(before);

    const dup = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: payload('ems personnel'),
    });
    expect(dup.statusCode).toBe(409);
  });

  it('retires a licence, and answers 401, 403 and 404', async () => {
    const lic = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Retired one') })
    ).json();
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/licenses/${lic.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.call(t.admin, { method: 'GET', url: `/api/licenses/${lic.id}` })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.id, lic.id));
    expect(row?.deleted_at).not.toBeNull();

    expect((await t.call(null, { method: 'GET', url: '/api/licenses' })).statusCode).toBe(401);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/licenses' })).statusCode).toBe(403);
    expect(
      (await t.call(t.reviewer, { method: 'POST', url: '/api/licenses', payload: payload('Not allowed') }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/licenses/${randomUUID()}`,
          payload: payload('Nope'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/licenses/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});

describe('viewedlicenses and updateAllowMultipleLevels', () => {
  it('keeps the recently viewed licences of each user', async () => {
    const lic = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Viewed') })
    ).json();
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/viewedlicenses',
      payload: { license_id: lic.id },
    });
    expect(res.statusCode).toBe(200);
    const recent = await t.call(t.admin, { method: 'GET', url: '/api/viewedlicenses' });
    expect(recent.json()[0]).toMatchObject({ license_id: lic.id, name: 'Viewed' });
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/viewedlicenses',
          payload: { license_id: randomUUID() },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'POST', url: '/api/viewedlicenses', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/viewedlicenses', payload: { license_id: lic.id } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call(t.applicant, {
          method: 'POST',
          url: '/api/viewedlicenses',
          payload: { license_id: lic.id },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('switches whether a category allows several levels', async () => {
    const lic = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Multi') })
    ).json();
    const cat = lic.license_categories[0];
    const url = `/api/licensecategories/updateAllowMultipleLevels/${cat.id}`;
    const res = await t.call(t.admin, { method: 'PUT', url, payload: { allow_multiple_levels: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().allow_multiple_levels).toBe(true);
    expect(
      (await t.call(t.admin, { method: 'PUT', url, payload: { allow_multiple_levels: 'yes' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/licensecategories/updateAllowMultipleLevels/${randomUUID()}`,
          payload: { allow_multiple_levels: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.reviewer, { method: 'PUT', url, payload: { allow_multiple_levels: true } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(null, { method: 'PUT', url, payload: { allow_multiple_levels: true } })).statusCode,
    ).toBe(401);
  });
});

describe('GET licenses/available', () => {
  it('offers active licences with their levels and application types to any signed-in user', async () => {
    const lic = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Open for all') })
    ).json();
    const res = await t.call(t.applicant, { method: 'GET', url: '/api/licenses/available?entity=user' });
    expect(res.statusCode).toBe(200);
    const offered = res.json().find((l: { id: string }) => l.id === lic.id);
    expect(offered.levels.map((l: { label: string }) => l.label).sort()).toEqual([
      'EMT',
      'Instructor I',
      'Paramedic',
    ]);
    expect(offered.levels[0].category_label).toBeTruthy();
    const retired = (
      await t.call(t.admin, { method: 'POST', url: '/api/licenses', payload: payload('Closed') })
    ).json();
    await t.call(t.admin, { method: 'DELETE', url: `/api/licenses/${retired.id}` });
    const again = await t.call(t.applicant, { method: 'GET', url: '/api/licenses/available' });
    expect(again.json().map((l: { id: string }) => l.id)).not.toContain(retired.id);
    expect((await t.call(null, { method: 'GET', url: '/api/licenses/available' })).statusCode).toBe(401);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: '/api/licenses/available?entity=boat' })).statusCode,
    ).toBe(400);
  });
});
