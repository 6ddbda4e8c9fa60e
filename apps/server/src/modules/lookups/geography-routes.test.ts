import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const get = (url: string, caller: typeof t.admin | null = t.reviewer) =>
  t.call(caller, { method: 'GET', url });

describe('gnis and fipslookup', () => {
  it('GET gnis/states lists the states and territories', async () => {
    const res = await get('/api/gnis/states', t.applicant);
    expect(res.statusCode).toBe(200);
    const states = res.json() as { fips: string; abbreviation: string; name: string }[];
    expect(states).toHaveLength(57);
    expect(states).toContainEqual({ fips: '48', abbreviation: 'TX', name: 'Texas' });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('GET gnis/counties lists the counties of a state by abbreviation or FIPS code', async () => {
    const byAbbreviation = await get('/api/gnis/counties?state=TX');
    expect(byAbbreviation.statusCode).toBe(200);
    const counties = byAbbreviation.json() as { fips: string; state_fips: string; name: string }[];
    expect(counties).toHaveLength(254);
    expect(counties).toContainEqual({ fips: '48453', state_fips: '48', name: 'Travis County' });
    expect(new Set(counties.map((c) => c.state_fips))).toEqual(new Set(['48']));
    const byFips = await get('/api/gnis/counties?state=48');
    expect(byFips.json()).toEqual(counties);
    expect((await get('/api/gnis/counties?state=tx')).json()).toHaveLength(254);
  });

  it('GET gnis/counties answers 400 for an unknown or malformed state', async () => {
    const unknown = await get('/api/gnis/counties?state=ZZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('validation_failed');
    expect(unknown.json().error.fields.state).toBe('There is no state ZZ');
    const malformed = await get('/api/gnis/counties?state=Texas');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.state).toBe(
      'state must be a two-letter abbreviation or a two-digit FIPS code',
    );
    expect((await get('/api/gnis/counties')).statusCode).toBe(400);
  });

  it('GET gnis/places lists the places of a county by 3- or 5-digit FIPS code', async () => {
    const res = await get('/api/gnis/places?state=TX&county=453');
    expect(res.statusCode).toBe(200);
    const places = res.json() as {
      name: string;
      state_abbreviation: string;
      county_fips: string;
      gnis_id: string | null;
    }[];
    expect(places.map((p) => p.name)).toContain('Austin');
    expect(new Set(places.map((p) => p.county_fips))).toEqual(new Set(['48453']));
    expect(places.find((p) => p.name === 'Austin')).toEqual({
      name: 'Austin',
      state_abbreviation: 'TX',
      county_fips: '48453',
      gnis_id: null,
    });
    expect((await get('/api/gnis/places?state=TX&county=48453')).json()).toEqual(places);
    const state = (await get('/api/gnis/places?state=48')).json() as typeof places;
    expect(state.length).toBeGreaterThan(places.length);
    expect(new Set(state.map((p) => p.state_abbreviation))).toEqual(new Set(['TX']));
    const badCounty = await get('/api/gnis/places?state=TX&county=45');
    expect(badCounty.statusCode).toBe(400);
    expect(badCounty.json().error.fields).toHaveProperty('county');
    expect((await get('/api/gnis/places?state=ZZ&county=453')).statusCode).toBe(400);
  });

  it('GET fipslookup gives the county and city of a ZIP code', async () => {
    const res = await get('/api/fipslookup?postalCode=78701');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        zip: '78701',
        county_fips: '48453',
        county_name: 'Travis County',
        state_abbreviation: 'TX',
        city: 'Austin',
      },
    ]);
    expect((await get('/api/fipslookup?postalCode=78701-1234')).json()).toEqual(res.json());
    const unused = await get('/api/fipslookup?postalCode=00001');
    expect(unused.statusCode).toBe(200);
    expect(unused.json()).toEqual([]);
    for (const bad of ['7870', '78701-12', 'ABCDE', '']) {
      const r = await get(`/api/fipslookup?postalCode=${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.fields.postalCode, bad).toBe('postalCode must be a 5-digit ZIP code or ZIP+4');
    }
  });
});
