import { randomUUID } from 'node:crypto';
import { certification_levels, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { addPeriod, windowOf } from './service-expiring';
import { fixtures, inDays } from './test-fixtures';

let t: TestContext;
let f: ReturnType<typeof fixtures>;
const level = randomUUID();
const permit = randomUUID();
const training = randomUUID();
const classification = randomUUID();
const certLevel = randomUUID();
let ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  f = fixtures(t);
  const [lvl] = await t.database.db
    .insert(certification_levels)
    .values({ id: level, enterprise_id: t.enterpriseId, label: 'Advanced Life Support' })
    .returning();
  expect(lvl).toBeDefined();
  const alpha = await f.service({
    name: 'Searchable Alpha Ambulance',
    service_number: 'SV-1001',
    city: 'Austin',
    state: 'TX',
    county_fips: '48453',
    primary_level_id: level,
    permit_level_id: permit,
    training_level_ids: [training],
    classification_id: classification,
  });
  const beta = await f.service({
    name: 'Searchable Beta Rescue',
    service_number: 'SV-2002',
    city: 'Houston',
    state: 'TX',
  });
  const hidden = await f.service({ name: 'Searchable Hidden', city: 'Austin', active: false });
  await f.service({ name: 'Searchable Deleted', city: 'Austin', deleted_at: new Date() });
  await f.certification({
    service_id: alpha.id,
    number: 'AMB-777',
    certification_level_id: certLevel,
    expiration_date: '2027-06-30',
  });
  await f.certification({
    service_id: alpha.id,
    number: 'AMB-700',
    status: 'expired',
    expiration_date: '2024-06-30',
  });
  await f.certification({
    service_id: beta.id,
    number: 'FR-1',
    certification_level_id: certLevel,
    status: 'suspended',
  });
  await t.call(t.admin, {
    method: 'PUT',
    url: `/api/services/${beta.id}`,
    payload: { service: { name: 'Searchable Beta Rescue', counties: ['48201'] } },
  });
  ids = { alpha: alpha.id, beta: beta.id, hidden: hidden.id };
});
afterAll(async () => t?.close());

const search = async (criteria: Record<string, unknown>) => {
  const res = await t.call(t.admin, { method: 'POST', url: '/api/services/search', payload: criteria });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((s) => s.id).sort();
};

describe('services/search', () => {
  it('answers [] when no criterion is given', async () => {
    expect(await search({})).toEqual([]);
    expect(await search({ service_name: '  ', city: '' })).toEqual([]);
  });

  it('matches each criterion', async () => {
    const { alpha, beta, hidden } = ids;
    expect(await search({ primary_license_number: 'amb-7' })).toEqual([alpha]);
    expect(await search({ service_name: 'searchable' })).toEqual([alpha, beta, hidden].sort());
    expect(await search({ service_name: 'beta res' })).toEqual([beta]);
    // No three letters in a row, so no trigram to look up: found by walking the name order instead.
    expect(await search({ service_name: 'TA R' })).toEqual([beta]);
    expect(await search({ primary_level_id: level })).toEqual([alpha]);
    // Only active certifications count for the certification level.
    expect(await search({ certification_level_id: certLevel })).toEqual([alpha]);
    expect(await search({ training_level_ids: [training, randomUUID()] })).toEqual([alpha]);
    expect(await search({ permit_level_id: permit })).toEqual([alpha]);
    expect(await search({ classification_id: classification })).toEqual([alpha]);
    expect(await search({ city: 'aus' })).toEqual([alpha, hidden].sort());
    expect(await search({ county: '48453' })).toEqual([alpha]);
    expect(await search({ county: '48201' })).toEqual([beta]);
    expect(await search({ service_id: 'sv-2' })).toEqual([beta]);
    expect(await search({ city: 'Austin', service_name: 'Hidden' })).toEqual([hidden]);
  });

  it('answers a page at a time in name order, and refuses pages over 500', async () => {
    const page = async (body: object) => {
      const res = await t.call(t.admin, { method: 'POST', url: '/api/services/search', payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { name: string }[]).map((s) => s.name);
    };
    const all = ['Searchable Alpha Ambulance', 'Searchable Beta Rescue', 'Searchable Hidden'];
    expect(await page({ service_name: 'searchable' })).toEqual(all);
    expect(await page({ service_name: 'searchable', numPerPage: 2 })).toEqual(all.slice(0, 2));
    expect(await page({ service_name: 'searchable', numPerPage: 2, currentPage: 2 })).toEqual(all.slice(2));
    expect(await page({ service_name: 'searchable', numPerPage: 2, currentPage: 3 })).toEqual([]);
    const tooMany = await t.call(t.admin, {
      method: 'POST',
      url: '/api/services/search',
      payload: { service_name: 'searchable', numPerPage: 501 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toHaveProperty('numPerPage');
  });

  it('validates the criteria and needs registry.read', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/services/search',
      payload: { county: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('county');
    const badId = await t.call(t.admin, {
      method: 'POST',
      url: '/api/services/search',
      payload: { primary_level_id: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(
      (await t.call(null, { method: 'POST', url: '/api/services/search', payload: {} })).statusCode,
    ).toBe(401);
    expect(
      (await t.call(t.reviewer, { method: 'POST', url: '/api/services/search', payload: {} })).statusCode,
    ).toBe(403);
  });
});

describe('public service lookup', () => {
  it('answers anonymous callers with public fields only, active services only, paged', async () => {
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/PublicLookupService',
      payload: { service_name: 'searchable' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        name: 'Searchable Alpha Ambulance',
        city: 'Austin',
        state: 'TX',
        license_number: 'AMB-777',
        level: 'Advanced Life Support',
        status: 'active',
        expiration_date: '2027-06-30',
        // The same presenter as My licences, the certificate and /verify.
        credential: expect.objectContaining({
          number: 'AMB-777',
          status_label: 'Active',
          holder_name: 'Searchable Alpha Ambulance',
          expiration_date: '2027-06-30',
        }),
      },
      {
        name: 'Searchable Beta Rescue',
        city: 'Houston',
        state: 'TX',
        license_number: 'FR-1',
        level: null,
        status: 'suspended',
        expiration_date: null,
        credential: expect.objectContaining({ number: 'FR-1', status_label: 'Suspended' }),
      },
    ]);
    const page2 = await t.call(null, {
      method: 'POST',
      url: '/api/publiclookupservice',
      payload: { service_name: 'searchable', numPerPage: 1, currentPage: 2 },
    });
    expect(page2.json().map((s: { name: string }) => s.name)).toEqual(['Searchable Beta Rescue']);
    const count = await t.call(null, {
      method: 'POST',
      url: '/api/getservicelookupcount',
      payload: { service_name: 'searchable' },
    });
    expect(count.json()).toEqual({ count: 2 });
    expect(
      (await t.call(null, { method: 'POST', url: '/api/getservicelookupcount', payload: {} })).json(),
    ).toEqual({ count: 0 });
    expect(
      (await t.call(null, { method: 'POST', url: '/api/PublicLookupService', payload: {} })).json(),
    ).toEqual([]);
    const bad = await t.call(null, {
      method: 'POST',
      url: '/api/PublicLookupService',
      payload: { numPerPage: 1000 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused when the enterprise turns the public lookup off', async () => {
    const db = t.database.db;
    await db
      .update(enterprises)
      .set({ public_lookup_enabled: false })
      .where(eq(enterprises.id, t.enterpriseId));
    try {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/PublicLookupService',
        payload: { city: 'Austin' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await db
        .update(enterprises)
        .set({ public_lookup_enabled: true })
        .where(eq(enterprises.id, t.enterpriseId));
    }
  });

  it('is rate limited to 60 a minute per caller', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/getservicelookupcount',
        payload: { city: 'Austin' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('services/getexpiring', () => {
  it('reads the window from rangeLength and length', () => {
    expect(windowOf('3', 'months')).toEqual({ n: 3, unit: 'months' });
    expect(windowOf('days', '10')).toEqual({ n: 10, unit: 'days' });
    expect(windowOf(undefined, undefined)).toEqual({ n: 3, unit: 'months' });
    expect(windowOf('1', 'Year')).toEqual({ n: 1, unit: 'years' });
    expect(() => windowOf('3', 'fortnights')).toThrow();
    expect(addPeriod('2026-01-31', 1, 'months')).toBe('2026-02-28');
    expect(addPeriod('2024-02-29', 1, 'years')).toBe('2025-02-28');
    expect(addPeriod('2026-12-30', 5, 'days')).toBe('2027-01-04');
  });

  it('lists service and vehicle certifications expiring in the window, honouring every flag', async () => {
    const cls = randomUUID();
    const active = await f.service({ name: 'Exp Active', classification_id: cls });
    const inactive = await f.service({ name: 'Exp Inactive', classification_id: cls, active: false });
    const other = await f.service({ name: 'Exp Other Class' });
    await f.certification({ service_id: active.id, number: 'E-SOON', expiration_date: inDays(20) });
    await f.certification({ service_id: active.id, number: 'E-LATER', expiration_date: inDays(200) });
    await f.certification({ service_id: active.id, number: 'E-PAST', expiration_date: inDays(-5) });
    await f.certification({ service_id: active.id, number: 'E-NODATE' });
    await f.certification({
      service_id: active.id,
      number: 'E-REVOKED',
      status: 'revoked',
      expiration_date: inDays(10),
    });
    await f.certification({ service_id: inactive.id, number: 'E-INACTIVE', expiration_date: inDays(30) });
    await f.certification({ service_id: other.id, number: 'E-OTHER', expiration_date: inDays(30) });
    const inService = await f.vehicle({ unit_number: 'U1', in_service: true }, active.id);
    const outOfService = await f.vehicle({ unit_number: 'U2', in_service: false }, active.id);
    await f.certification({ vehicle_id: inService.id, number: 'V-IN', expiration_date: inDays(40) });
    await f.certification({ vehicle_id: outOfService.id, number: 'V-OUT', expiration_date: inDays(50) });

    const numbers = async (qs: string) => {
      const res = await t.call(t.admin, {
        method: 'GET',
        url: `/api/services/getexpiring?serviceClassification=${cls}&${qs}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { number: string }[]).map((r) => r.number);
    };
    // Defaults: 3 months, active services, in-service vehicles, empty expiration dates shown last.
    expect(await numbers('')).toEqual(['E-SOON', 'V-IN', 'E-NODATE']);
    expect(await numbers('rangeLength=3&length=months&hideEmptyExpireDate=true')).toEqual(['E-SOON', 'V-IN']);
    expect(await numbers('rangeLength=1&length=years&hideEmptyExpireDate=true')).toEqual([
      'E-SOON',
      'V-IN',
      'E-LATER',
    ]);
    expect(await numbers('rangeLength=25&length=days&hideEmptyExpireDate=true')).toEqual(['E-SOON']);
    expect(await numbers('inactiveVehicle=true&hideEmptyExpireDate=true')).toEqual([
      'E-SOON',
      'V-IN',
      'V-OUT',
    ]);
    expect(await numbers('inactiveVehicle=true&activeVehicle=false&hideEmptyExpireDate=true')).toEqual([
      'E-SOON',
      'V-OUT',
    ]);
    expect(await numbers('inactiveService=true&hideEmptyExpireDate=true')).toEqual([
      'E-SOON',
      'E-INACTIVE',
      'V-IN',
    ]);
    expect(await numbers('inactiveService=true&activeService=false&hideEmptyExpireDate=true')).toEqual([
      'E-INACTIVE',
    ]);
    expect(await numbers('activeService=false')).toEqual([]);

    const all = await t.call(t.admin, {
      method: 'GET',
      url: '/api/services/getexpiring?hideEmptyExpireDate=true',
    });
    const rows = all.json() as { number: string; vehicle_id: string | null; days_until_expiration: number }[];
    expect(rows.map((r) => r.number)).toContain('E-OTHER');
    expect(rows.find((r) => r.number === 'V-IN')).toMatchObject({
      vehicle_id: inService.id,
      days_until_expiration: 40,
    });

    const bad = await t.call(t.admin, { method: 'GET', url: '/api/services/getexpiring?length=weeks' });
    expect(bad.statusCode).toBe(400);
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/services/getexpiring' })).statusCode).toBe(
      403,
    );
    expect((await t.call(null, { method: 'GET', url: '/api/services/getexpiring' })).statusCode).toBe(401);
  });
});
