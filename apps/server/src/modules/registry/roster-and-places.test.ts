import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from './test-fixtures';

let t: TestContext;
let f: ReturnType<typeof fixtures>;
beforeAll(async () => {
  t = await createTestContext();
  f = fixtures(t);
});
afterAll(async () => t?.close());

describe('service stations', () => {
  it('creates, lists, updates and deletes stations; ServiceLocations shows the history', async () => {
    const s = await f.service({ name: 'Station EMS' });
    const other = await f.service({ name: 'Other EMS' });
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/servicestations',
      payload: {
        service_station: { service_id: s.id, name: 'Station 1', city: 'Austin', county_fips: '48453' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const st = created.json();
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/servicestations',
      payload: { service_station: { service_id: other.id, name: 'Elsewhere' } },
    });
    const list = await t.call(t.admin, { method: 'GET', url: `/api/servicestations?service_id=${s.id}` });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: st.id, name: 'Station 1' }] });
    const search = await t.call(t.admin, { method: 'GET', url: '/api/servicestations?search=elsew' });
    expect(search.json().items.map((x: { name: string }) => x.name)).toEqual(['Elsewhere']);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/servicestations/${st.id}` })).json().name).toBe(
      'Station 1',
    );

    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/servicestations/${st.id}`,
      payload: { service_station: { service_id: s.id, name: 'Station One', city: 'Austin' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().name).toBe('Station One');
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/servicestations/${st.id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/servicestations/${st.id}` })).statusCode).toBe(
      404,
    );

    const history = await t.call(t.admin, { method: 'GET', url: `/api/ServiceLocations?service_id=${s.id}` });
    expect(history.statusCode).toBe(200);
    const items = history.json().items as { action: string; object_id: string; user_id: string }[];
    expect(items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(items.every((i) => i.object_id === st.id && i.user_id === t.admin.userId)).toBe(true);
  });

  it('validates and guards station writes', async () => {
    const s = await f.service();
    const post = (service_station: Record<string, unknown>, caller = t.admin) =>
      t.call(caller, { method: 'POST', url: '/api/servicestations', payload: { service_station } });
    const noName = await post({ service_id: s.id, name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('name');
    const noService = await post({ service_id: randomUUID(), name: 'X' });
    expect(noService.statusCode).toBe(400);
    expect(noService.json().error.fields).toHaveProperty('service_id');
    const badCounty = await post({ service_id: s.id, name: 'X', county_fips: '00000' });
    expect(badCounty.json().error.fields).toHaveProperty('county_fips');
    expect((await post({ service_id: s.id, name: 'X' }, t.reviewer)).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/servicestations' })).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/servicestations?service_id=nope' })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/servicestations/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/servicestations/${randomUUID()}`,
          payload: { service_station: { service_id: s.id, name: 'Y' } },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('service areas', () => {
  it('validates each kind of area and lists them by state', async () => {
    const s = await f.service({ name: 'Area EMS' });
    const post = (service_area: Record<string, unknown>) =>
      t.call(t.admin, { method: 'POST', url: '/api/serviceareas', payload: { service_area } });
    const ok = [
      { kind: 'county', value: '48453' },
      { kind: 'postal_code', value: '78701' },
      { kind: 'census_tract', value: '48453001100' },
      { kind: 'city', value: 'Austin' },
    ];
    for (const a of ok) {
      const res = await post({ service_id: s.id, state_code: 'tx', ...a });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().state_code).toBe('TX');
    }
    const bad = [
      { kind: 'county', value: '99999', field: 'value' },
      { kind: 'county', value: '4845', field: 'value' },
      { kind: 'postal_code', value: '7870', field: 'value' },
      { kind: 'census_tract', value: '4845300110', field: 'value' },
      { kind: 'city', value: '  ', field: 'value' },
      { kind: 'borough', value: 'X', field: 'kind' },
    ];
    for (const a of bad) {
      const res = await post({ service_id: s.id, state_code: 'TX', kind: a.kind, value: a.value });
      expect(res.statusCode, `${a.kind} ${a.value}`).toBe(400);
      expect(res.json().error.fields).toHaveProperty(a.field);
    }
    expect(
      (await post({ service_id: s.id, state_code: 'Texas', kind: 'city', value: 'Dallas' })).statusCode,
    ).toBe(400);
    const zz = await post({ service_id: s.id, state_code: 'ZZ', kind: 'city', value: 'Dallas' });
    expect(zz.json().error.fields).toHaveProperty('state_code');
    const dup = await post({ service_id: s.id, state_code: 'TX', kind: 'postal_code', value: '78701' });
    expect(dup.statusCode).toBe(409);

    const byState = await t.call(t.admin, {
      method: 'GET',
      url: '/api/serviceareas/getbystatecode?state_code=tx',
    });
    expect(byState.statusCode).toBe(200);
    expect(byState.json()).toHaveLength(4);
    expect(byState.json()[0].service_name).toBe('Area EMS');
    expect(
      (
        await t.call(t.admin, { method: 'GET', url: '/api/serviceareas/getbystatecode?state_code=CA' })
      ).json(),
    ).toEqual([]);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/serviceareas/getbystatecode?state_code=C' }))
        .statusCode,
    ).toBe(400);

    const list = await t.call(t.admin, {
      method: 'GET',
      url: `/api/serviceareas?service_id=${s.id}&kind=county`,
    });
    const area = list.json().items[0];
    expect(area.value).toBe('48453');
    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/serviceareas/${area.id}`,
      payload: { service_area: { service_id: s.id, state_code: 'TX', kind: 'county', value: '48201' } },
    });
    expect(put.json().value).toBe('48201');
    expect((await t.call(t.admin, { method: 'GET', url: `/api/serviceareas/${area.id}` })).json().value).toBe(
      '48201',
    );
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/serviceareas/${area.id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/serviceareas/${area.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/serviceareas' })).statusCode).toBe(403);
    expect(
      (await t.call(null, { method: 'GET', url: '/api/serviceareas/getbystatecode?state_code=TX' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('service personnel and positions', () => {
  it('keeps a roster and counts its positions', async () => {
    const s = await f.service({ name: 'Roster EMS' });
    const medic = await f.position('Roster Medic');
    const director = await f.position('Roster Director');
    const [a, b, c] = [await f.person(), await f.person(), await f.person()];
    const post = (service_personnel: Record<string, unknown>) =>
      t.call(t.admin, { method: 'POST', url: '/api/servicepersonnel', payload: { service_personnel } });
    const ra = await post({
      service_id: s.id,
      user_id: a.id,
      position_id: medic.id,
      start_date: '2024-01-01',
    });
    expect(ra.statusCode, ra.body).toBe(201);
    await post({ service_id: s.id, user_id: b.id, position_id: medic.id });
    const rc = await post({
      service_id: s.id,
      user_id: c.id,
      position_id: director.id,
      is_designated: true,
      is_administrator: true,
    });
    expect(rc.json()).toMatchObject({ is_designated: true, is_administrator: true });

    const roster = await t.call(t.admin, { method: 'GET', url: `/api/servicepersonnel?service_id=${s.id}` });
    expect(roster.statusCode).toBe(200);
    expect(roster.json()).toHaveLength(3);
    expect(roster.json()[0]).toHaveProperty('position');

    const positions = await t.call(t.admin, {
      method: 'GET',
      url: `/api/positions/servicePositions?service_id=${s.id}`,
    });
    expect(positions.statusCode).toBe(200);
    expect(positions.json()).toEqual([
      { position_id: director.id, label: 'Roster Director', is_service_designation: false, count: 1 },
      { position_id: medic.id, label: 'Roster Medic', is_service_designation: false, count: 2 },
    ]);

    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/servicepersonnel/${ra.json().id}`,
      payload: {
        service_personnel: {
          service_id: s.id,
          user_id: a.id,
          position_id: director.id,
          end_date: '2023-01-01',
          start_date: '2024-01-01',
        },
      },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.fields).toHaveProperty('end_date');
    const moved = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/servicepersonnel/${ra.json().id}`,
      payload: { service_personnel: { service_id: s.id, user_id: a.id, position_id: director.id } },
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/servicepersonnel/${rc.json().id}` })).statusCode,
    ).toBe(204);
    const after = await t.call(t.admin, {
      method: 'GET',
      url: `/api/positions/servicePositions?service_id=${s.id}`,
    });
    expect(after.json().map((p: { label: string; count: number }) => [p.label, p.count])).toEqual([
      ['Roster Director', 1],
      ['Roster Medic', 1],
    ]);

    expect((await post({ service_id: s.id, user_id: randomUUID() })).json().error.fields).toHaveProperty(
      'user_id',
    );
    expect(
      (await post({ service_id: s.id, user_id: a.id, position_id: randomUUID() })).json().error.fields,
    ).toHaveProperty('position_id');
    expect((await post({ service_id: s.id, user_id: a.id, start_date: '2024-13-01' })).statusCode).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/servicepersonnel?service_id=${randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/positions/servicePositions?service_id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.reviewer, { method: 'GET', url: `/api/servicepersonnel?service_id=${s.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/servicepersonnel',
          payload: { service_personnel: {} },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(null, { method: 'GET', url: `/api/positions/servicePositions?service_id=${s.id}` }))
        .statusCode,
    ).toBe(401);
    // The positions reference list itself still answers by id.
    expect((await t.call(t.admin, { method: 'GET', url: `/api/positions/${medic.id}` })).json().label).toBe(
      'Roster Medic',
    );
  });
});
