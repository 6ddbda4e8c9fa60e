import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures, inDays } from './test-fixtures';

let t: TestContext;
let f: ReturnType<typeof fixtures>;
beforeAll(async () => {
  t = await createTestContext();
  f = fixtures(t);
});
afterAll(async () => t?.close());

/** A credential deleted in error is kept for its history, and no registry page shows it again. */
describe('deleted credentials in the registry', () => {
  it('are left out of a service’s credentials, expiring lists, searches, the public lookup and permit look-ups', async () => {
    const s = await f.service({ name: 'Kept History EMS', city: 'Waco', state: 'TX' });
    const v = await f.vehicle({ unit_number: 'KH1' }, s.id);
    const live = await f.certification({ service_id: s.id, number: 'KH-LIVE', expiration_date: inDays(20) });
    await f.certification({
      service_id: s.id,
      number: 'KH-GONE',
      expiration_date: inDays(10),
      deleted_at: new Date(),
      delete_reason: 'Entered twice',
    });
    await f.certification({
      vehicle_id: v.id,
      number: 'KHV-GONE',
      deleted_at: new Date(),
      delete_reason: 'x',
    });
    const get = (url: string) => t.call(t.admin, { method: 'GET', url });

    const held = await get(`/api/services/getservicecertifications?service_id=${s.id}`);
    expect(held.json().map((c: { number: string }) => c.number)).toEqual(['KH-LIVE']);

    const expiring = await get('/api/services/getexpiring?rangeLength=3&length=months');
    const numbers = expiring.json().map((r: { number: string }) => r.number);
    expect(numbers).toContain('KH-LIVE');
    expect(numbers).not.toContain('KH-GONE');

    const byDeletedNumber = await t.call(t.admin, {
      method: 'POST',
      url: '/api/services/search',
      payload: { primary_license_number: 'KH-GONE' },
    });
    expect(byDeletedNumber.statusCode, byDeletedNumber.body).toBe(200);
    const found = byDeletedNumber.json();
    expect(Array.isArray(found) ? found : found.items).toEqual([]);

    const lookup = await t.call(null, {
      method: 'POST',
      url: '/api/PublicLookupService',
      payload: { service_name: 'Kept History' },
    });
    expect(lookup.json()).toEqual([expect.objectContaining({ license_number: live.number })]);

    expect((await get('/api/vehicles/certificationByNumber?number=KHV-GONE')).statusCode).toBe(404);
  });

  it('are left out of a person’s credentials and the public licence lookup', async () => {
    const person = await f.person();
    await f.certification({ user_id: person.id, number: 'KHP-LIVE' });
    await f.certification({
      user_id: person.id,
      number: 'KHP-GONE',
      deleted_at: new Date(),
      delete_reason: 'x',
    });
    const held = await t.call(t.admin, { method: 'GET', url: `/api/users/${person.id}/certifications` });
    expect(held.json().map((c: { number: string }) => c.number)).toEqual(['KHP-LIVE']);
    const lookup = (number: string) =>
      t.call(null, { method: 'POST', url: '/api/PublicLookupUser', payload: { license_number: number } });
    expect((await lookup('KHP-GONE')).json()).toEqual([]);
    expect((await lookup('KHP-LIVE')).json()).toHaveLength(1);
  });
});
