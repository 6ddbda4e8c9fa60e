import { randomUUID } from 'node:crypto';
import { serviceCounties, services, serviceVehicles } from '@licensure/db';
import { eq } from 'drizzle-orm';
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

const post = (service: Record<string, unknown>) =>
  t.call(t.admin, { method: 'POST', url: '/api/services', payload: { service } });

describe('services CRUD', () => {
  it('creates a service with counties in one transaction, reads, updates and soft-deletes it', async () => {
    const res = await post({
      name: 'Travis County EMS',
      service_number: 'S-100',
      city: 'Austin',
      state: 'tx',
      county_fips: '48453',
      counties: ['48453', '48491'],
      affiliation_counties: ['48201'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      name: 'Travis County EMS',
      state: 'TX',
      active: true,
      counties: ['48453', '48491'],
    });
    expect(s.affiliation_counties).toEqual(['48201']);

    const got = await t.call(t.admin, { method: 'GET', url: `/api/services/${s.id}` });
    expect(got.json().counties).toEqual(['48453', '48491']);
    const less = await t.call(t.admin, { method: 'GET', url: `/api/SERVICES/${s.id}?getLess=true` });
    expect(less.json()).toEqual({
      id: s.id,
      name: 'Travis County EMS',
      service_number: 'S-100',
      city: 'Austin',
      state: 'TX',
      active: true,
    });

    const aff = await t.call(t.admin, {
      method: 'GET',
      url: `/api/core/service/serviceaffiliationcounties?service_id=${s.id}`,
    });
    expect(aff.json()).toEqual([{ county_fips: '48201', name: 'Harris County', state_fips: '48' }]);

    const put = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/services/${s.id}`,
      payload: { service: { name: 'Travis EMS', counties: ['48113'], updated_at: s.updated_at } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Travis EMS',
      counties: ['48113'],
      affiliation_counties: ['48201'],
    });
    const stale = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/services/${s.id}`,
      payload: { service: { name: 'Again', updated_at: s.updated_at } },
    });
    expect(stale.statusCode).toBe(409);

    const noReason = await t.call(t.admin, { method: 'DELETE', url: `/api/services/${s.id}` });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    const del = await t.call(t.admin, {
      method: 'DELETE',
      url: `/api/services/${s.id}?reason=${encodeURIComponent('Merged into Travis County EMS')}`,
    });
    expect(del.statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(services).where(eq(services.id, s.id));
    expect(kept).toMatchObject({ active: false, delete_reason: 'Merged into Travis County EMS' });
    expect(kept?.deleted_at).toBeInstanceOf(Date);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/services/${s.id}` })).statusCode).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/services/${s.id}?reason=again` })).statusCode,
    ).toBe(404);

    const log = await t.call(t.admin, {
      method: 'GET',
      url: `/api/DataChangeLog?entity=services&object_id=${s.id}`,
    });
    const items = log.json().items as {
      action: string;
      after: { active: boolean; deleted_at: string | null };
    }[];
    expect(items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(items[0]!.after.active).toBe(false);
    expect(items[0]!.after.deleted_at).not.toBeNull();
  });

  it('refuses unknown county FIPS codes (400 naming the field) and saves nothing', async () => {
    const res = await post({ name: 'Bad counties', counties: ['48453', '99999'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('counties');
    const bad = await post({ name: 'Bad own county', county_fips: '4845' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('county_fips');
    const list = await t.call(t.admin, { method: 'GET', url: '/api/services?search=Bad%20counties' });
    expect(list.json().total).toBe(0);
  });

  it('validates input and answers 400, 401, 403 and 404', async () => {
    const noName = await post({ name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('name');
    expect((await t.call(null, { method: 'GET', url: '/api/services' })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/services' })).statusCode).toBe(403);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/services',
          payload: { service: { name: 'X' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/services/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(t.admin, { method: 'GET', url: '/api/services/not-an-id' })).statusCode).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: `/api/services/${randomUUID()}`,
          payload: { service: { name: 'Nobody' } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/services?sortBy=nope' })).statusCode).toBe(400);
  });

  it('lists with filters, paging, sort and search', async () => {
    const classification = randomUUID();
    const a = await f.service({
      name: 'Filter Alpha',
      classification_id: classification,
      county_fips: '48201',
    });
    const b = await f.service({ name: 'Filter Beta', classification_id: classification, active: false });
    await f.service({ name: 'Filter Gamma', parent_id: a.id });
    const byClass = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services?classification_id=${classification}&sortBy=name&reverse=true`,
    });
    expect(byClass.json().items.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    const active = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services?classification_id=${classification}&active=false`,
    });
    expect(active.json().items.map((s: { id: string }) => s.id)).toEqual([b.id]);
    const children = await t.call(t.admin, { method: 'GET', url: `/api/services?parent_id=${a.id}` });
    expect(children.json().items.map((s: { name: string }) => s.name)).toEqual(['Filter Gamma']);
    const county = await t.call(t.admin, {
      method: 'GET',
      url: '/api/services?county_fips=48201&search=filter',
    });
    expect(county.json().items.map((s: { id: string }) => s.id)).toEqual([a.id]);
    const paged = await t.call(t.admin, {
      method: 'GET',
      url: '/api/services?search=Filter&numPerPage=2&currentPage=2',
    });
    expect(paged.json()).toMatchObject({ total: 3, currentPage: 2, numPerPage: 2 });
    expect(paged.json().items).toHaveLength(1);

    const less = await t.call(t.admin, { method: 'GET', url: '/api/services/getless' });
    const names = (less.json() as { name: string }[]).map((s) => s.name);
    expect(names).toContain('Filter Alpha');
    expect(names).not.toContain('Filter Beta');
    expect(Object.keys(less.json()[0]).sort()).toEqual([
      'active',
      'city',
      'id',
      'name',
      'service_number',
      'state',
    ]);
  });
});

describe('service hierarchy', () => {
  it('offers as children neither the service nor its ancestors, and refuses a cycle', async () => {
    const root = await f.service({ name: 'Tree Root' });
    const mid = await f.service({ name: 'Tree Mid', parent_id: root.id });
    const leaf = await f.service({ name: 'Tree Leaf', parent_id: mid.id });
    const other = await f.service({ name: 'Tree Other' });
    const res = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/getchildchoices?service_id=${leaf.id}`,
    });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((s) => s.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(leaf.id);
    expect(ids).not.toContain(mid.id);
    expect(ids).not.toContain(root.id);
    const fromRoot = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/getchildchoices?service_id=${root.id}`,
    });
    expect((fromRoot.json() as { id: string }[]).map((s) => s.id)).toContain(leaf.id);

    const cycle = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/services/${root.id}`,
      payload: { service: { name: 'Tree Root', parent_id: leaf.id } },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.fields).toHaveProperty('parent_id');
    const self = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/services/${root.id}`,
      payload: { service: { name: 'Tree Root', parent_id: root.id } },
    });
    expect(self.statusCode).toBe(400);
    const missing = await post({ name: 'Orphan', parent_id: randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/services/getchildchoices?service_id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/services/getchildchoices' })).statusCode).toBe(
      400,
    );
  });
});

describe('service details', () => {
  it('lists services by roster member, counties, alerts, certifications and vehicles', async () => {
    const s = await f.service({ name: 'Detail EMS', county_fips: '48113' });
    const gone = await f.service({ name: 'Detail Gone', county_fips: '48113', deleted_at: new Date() });
    const person = await f.person();
    await f.roster(s.id, person.id, { is_administrator: true });
    await f.roster(gone.id, person.id);
    const ended = await f.service({ name: 'Detail Ended' });
    await f.roster(ended.id, person.id, { end_date: '2020-01-01' });
    const byUser = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/getbyuserid?user_id=${person.id}`,
    });
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json()).toEqual([
      expect.objectContaining({ id: s.id, name: 'Detail EMS', is_administrator: true }),
    ]);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/services/getbyuserid?user_id=x' })).statusCode,
    ).toBe(400);

    const counties = await t.call(t.admin, { method: 'GET', url: '/api/services/getcounties' });
    const dallas = (counties.json() as { county_fips: string; count: number; name: string }[]).find(
      (c) => c.county_fips === '48113',
    );
    expect(dallas).toEqual({ county_fips: '48113', name: 'Dallas County', state_fips: '48', count: 1 });

    await f.alert({ service_id: s.id, value: 'Inspection due' });
    await f.alert({ service_id: s.id, value: 'Retired', retired_at: new Date() });
    const alerts = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/getservicealerts?service_id=${s.id}`,
    });
    expect((alerts.json() as { value: string }[]).map((a) => a.value)).toEqual(['Inspection due']);

    await f.certification({ service_id: s.id, number: 'AMB-1', expiration_date: '2027-01-01' });
    await f.certification({
      service_id: s.id,
      number: 'AMB-0',
      expiration_date: '2025-01-01',
      status: 'expired',
    });
    const certs = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/getservicecertifications?service_id=${s.id}`,
    });
    expect((certs.json() as { number: string }[]).map((c) => c.number)).toEqual(['AMB-1', 'AMB-0']);

    const v = await f.vehicle({ unit_number: 'M1' }, s.id);
    await f.vehicle({ unit_number: 'M2', deleted_at: new Date() }, s.id);
    const vs = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/serviceVehicles?service_id=${s.id}`,
    });
    expect((vs.json() as { id: string }[]).map((x) => x.id)).toEqual([v.id]);
    const fromVehicle = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/servicesFromVehicleId/${v.id}`,
    });
    expect(fromVehicle.json()).toEqual([expect.objectContaining({ id: s.id, name: 'Detail EMS' })]);
    expect(
      (
        await t.call(t.admin, { method: 'GET', url: `/api/services/servicesFromVehicleId/${randomUUID()}` })
      ).json(),
    ).toEqual([]);

    for (const url of [
      `/api/services/getservicealerts?service_id=${randomUUID()}`,
      `/api/services/getservicecertifications?service_id=${randomUUID()}`,
      `/api/services/serviceVehicles?service_id=${randomUUID()}`,
      `/api/core/service/serviceaffiliationcounties?service_id=${randomUUID()}`,
    ])
      expect((await t.call(t.admin, { method: 'GET', url })).statusCode, url).toBe(404);
    for (const url of [
      '/api/services/getless',
      '/api/services/getcounties',
      `/api/services/getbyuserid?user_id=${person.id}`,
      `/api/services/getservicealerts?service_id=${s.id}`,
      `/api/services/servicesFromVehicleId/${v.id}`,
    ]) {
      expect((await t.call(null, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.call(t.reviewer, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });

  it('deletes a service counties list in the same transaction when replaced by an empty list', async () => {
    const res = await post({ name: 'Counties EMS', counties: ['48453'] });
    const id = res.json().id as string;
    await t.call(t.admin, {
      method: 'PUT',
      url: `/api/services/${id}`,
      payload: { service: { name: 'Counties EMS', counties: [] } },
    });
    const rows = await t.database.db.select().from(serviceCounties).where(eq(serviceCounties.service_id, id));
    expect(rows).toEqual([]);
  });
});

describe('portal access', () => {
  it('lets a portal user read the services they administer and their vehicles, and nothing else', async () => {
    const mine = await f.service({ name: 'Portal Mine' });
    const theirs = await f.service({ name: 'Portal Theirs' });
    const member = await f.service({ name: 'Portal Member' });
    await f.roster(mine.id, t.applicant.userId, { is_administrator: true });
    await f.roster(member.id, t.applicant.userId, { is_administrator: false });
    const myVehicle = await f.vehicle({ unit_number: 'P1' }, mine.id);
    const theirVehicle = await f.vehicle({ unit_number: 'P2' }, theirs.id);
    const get = (url: string) => t.call(t.applicant, { method: 'GET', url });

    expect((await get(`/api/services/${mine.id}`)).statusCode).toBe(200);
    expect((await get(`/api/services/serviceVehicles?service_id=${mine.id}`)).json()).toHaveLength(1);
    expect((await get(`/api/vehicles/${myVehicle.id}`)).statusCode).toBe(200);
    expect((await get(`/api/services/getservicecertifications?service_id=${mine.id}`)).statusCode).toBe(200);

    // Out of the portal user's row scope: not found, as if it did not exist.
    expect((await get(`/api/services/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`/api/services/${member.id}`)).statusCode).toBe(404);
    expect((await get(`/api/services/serviceVehicles?service_id=${theirs.id}`)).statusCode).toBe(403);
    expect((await get(`/api/vehicles/${theirVehicle.id}`)).statusCode).toBe(404);
    expect((await get('/api/services')).statusCode).toBe(403);
    expect((await get(`/api/services/${mine.id}?getLess=true`)).json()).toEqual({
      id: mine.id,
      name: 'Portal Mine',
      service_number: mine.service_number ?? null,
      city: mine.city ?? null,
      state: mine.state ?? null,
      active: true,
    });
    expect((await t.call(t.nobody, { method: 'GET', url: `/api/services/${mine.id}` })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: `/api/services/${mine.id}` })).statusCode).toBe(401);

    // A vehicle that has left the administered service is no longer readable.
    await t.database.db
      .update(serviceVehicles)
      .set({ end_date: new Date().toISOString().slice(0, 10) })
      .where(eq(serviceVehicles.vehicle_id, myVehicle.id));
    expect((await get(`/api/vehicles/${myVehicle.id}`)).statusCode).toBe(404);
    expect((await get(`/api/services/serviceVehicles?service_id=${mine.id}`)).json()).toEqual([]);
  });
});

describe('own services', () => {
  it('a portal user lists the services they are on the roster of, and no one else’s', async () => {
    const s = await f.service({ name: 'Own Roster EMS' });
    await f.roster(s.id, t.applicant.userId);
    const mine = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/services/getbyuserid?user_id=${t.applicant.userId}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toContainEqual(expect.objectContaining({ id: s.id, name: 'Own Roster EMS' }));
    const theirs = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/services/getbyuserid?user_id=${t.admin.userId}`,
    });
    expect(theirs.statusCode).toBe(403);
  });
});
