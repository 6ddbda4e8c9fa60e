import { randomUUID } from 'node:crypto';
import { createEnterprise } from '@licensure/db';
import { describe, expect, it } from 'vitest';
import { get, type Page, record, setupLoggingTests, t } from './logging-test-setup';

setupLoggingTests();

describe('GET DataChangeLog', () => {
  it('filters by entity and object, newest first, with the name of who made each change', async () => {
    const objectId = randomUUID();
    await record({ entity: 'widgets', objectId, action: 'create', after: { label: 'One' } });
    await record(
      { entity: 'widgets', objectId, action: 'update', before: { label: 'One' }, after: { label: 'Two' } },
      t.reviewer.userId,
    );
    await record({ entity: 'widgets', objectId, action: 'delete', before: { label: 'Two' } }, null);
    await record({ entity: 'widgets', objectId: randomUUID(), action: 'create', after: { label: 'Other' } });
    await record({
      entity: 'gadgets',
      objectId,
      action: 'create',
      after: { label: 'Same id, other entity' },
    });

    const res = await get(`/api/DataChangeLog?entity=widgets&object_id=${objectId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(3);
    expect(page.currentPage).toBe(1);
    expect(page.numPerPage).toBe(25);
    expect(page.items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(page.items.map((i) => i.user_name)).toEqual([null, t.reviewer.userName, t.admin.userName]);
    expect(page.items.map((i) => i.user_id)).toEqual([null, t.reviewer.userId, t.admin.userId]);
    const [deleted, updated, created] = page.items;
    expect(updated).toMatchObject({
      entity: 'widgets',
      object_id: objectId,
      enterprise_id: t.enterpriseId,
      before: { label: 'One' },
      after: { label: 'Two' },
    });
    expect(created!.before).toBeNull();
    expect(deleted!.after).toBeNull();
    expect(Number.isNaN(Date.parse(created!.changed_at))).toBe(false);
    expect(Date.parse(deleted!.changed_at)).toBeGreaterThanOrEqual(Date.parse(created!.changed_at));

    const byEntity = (await get('/api/DataChangeLog?entity=widgets')).json() as Page;
    expect(byEntity.total).toBe(4);
    expect(new Set(byEntity.items.map((i) => i.entity))).toEqual(new Set(['widgets']));
    const byObject = (await get(`/api/DataChangeLog?object_id=${objectId}`)).json() as Page;
    expect(byObject.total).toBe(4);
    expect(new Set(byObject.items.map((i) => i.entity))).toEqual(new Set(['widgets', 'gadgets']));
    const none = (await get(`/api/DataChangeLog?entity=widgets&object_id=${randomUUID()}`)).json() as Page;
    expect(none).toEqual({ items: [], total: 0, currentPage: 1, numPerPage: 25 });
  });

  it('records the changes made through the API', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/datetypes',
      payload: { date_type: { label: `Renewal date ${randomUUID().slice(0, 6)}` } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const page = (await get(`/api/DataChangeLog?entity=date_types&object_id=${id}`)).json() as Page;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      action: 'create',
      user_id: t.admin.userId,
      user_name: t.admin.userName,
      object_id: id,
    });
    expect(page.items[0]!.after).toMatchObject({ id, label: created.json().label });
  });

  it('pages through the log', async () => {
    const objectId = randomUUID();
    for (const n of [1, 2, 3]) await record({ entity: 'paged', objectId, action: 'update', after: { n } });
    const first = (await get(`/api/DataChangeLog?entity=paged&numPerPage=2&currentPage=1`)).json() as Page;
    const second = (await get(`/api/DataChangeLog?entity=paged&numPerPage=2&currentPage=2`)).json() as Page;
    expect(first.total).toBe(3);
    expect(first.numPerPage).toBe(2);
    expect(first.items).toHaveLength(2);
    expect(second.currentPage).toBe(2);
    expect(second.items).toHaveLength(1);
    expect([...first.items, ...second.items].map((i) => i.after!.n)).toEqual([3, 2, 1]);
    const beyond = (await get(`/api/DataChangeLog?entity=paged&numPerPage=2&currentPage=3`)).json() as Page;
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(3);
    const tooBig = await get('/api/DataChangeLog?numPerPage=501');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields).toHaveProperty('numPerPage');
    expect((await get('/api/DataChangeLog?currentPage=0')).statusCode).toBe(400);
  });

  it("shows only the caller's enterprise", async () => {
    const other = await t.database.db.transaction((tx) =>
      createEnterprise(tx, { name: 'Other state' }, { referenceData: false }),
    );
    const objectId = randomUUID();
    await record(
      { entity: 'secrets', objectId, action: 'create', after: { label: 'Elsewhere' } },
      null,
      other.id,
    );
    const page = (await get(`/api/DataChangeLog?object_id=${objectId}`)).json() as Page;
    expect(page.total).toBe(0);
  });

  it('answers 400 for a bad object_id, 401 anonymous and 403 without logging.read', async () => {
    const bad = await get('/api/DataChangeLog?object_id=123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(bad.json().error.fields.object_id).toBe('object_id must be a valid id');
    const anonymous = await t.call(null, { method: 'GET', url: '/api/DataChangeLog' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    for (const caller of [t.nobody, t.reviewer, t.applicant]) {
      const res = await get('/api/DataChangeLog', caller);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const reader = await t.createCaller(['logging.read']);
    expect((await get('/api/DataChangeLog', reader)).statusCode).toBe(200);
  });
});

describe('GET ServiceLocations', () => {
  it('lists the station changes of one service, found by its service_id before or after', async () => {
    const serviceId = randomUUID();
    const otherService = randomUUID();
    const north = randomUUID();
    const south = randomUUID();
    await record({
      entity: 'service_stations',
      objectId: north,
      action: 'create',
      after: { service_id: serviceId, label: 'North station' },
    });
    await record({
      entity: 'service_stations',
      objectId: south,
      action: 'create',
      after: { service_id: serviceId, label: 'South station' },
    });
    await record({
      entity: 'service_stations',
      objectId: randomUUID(),
      action: 'create',
      after: { service_id: otherService, label: 'Elsewhere' },
    });
    await record({
      entity: 'service_vehicles',
      objectId: randomUUID(),
      action: 'create',
      after: { service_id: serviceId, label: 'Not a station' },
    });
    await record({
      entity: 'service_stations',
      objectId: south,
      action: 'delete',
      before: { service_id: serviceId, label: 'South station' },
    });

    const res = await get(`/api/ServiceLocations?service_id=${serviceId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.action, i.object_id])).toEqual([
      ['delete', south],
      ['create', south],
      ['create', north],
    ]);
    expect(new Set(page.items.map((i) => i.entity))).toEqual(new Set(['service_stations']));
    expect(page.items[2]!.user_name).toBe(t.admin.userName);

    const paged = (
      await get(`/api/ServiceLocations?service_id=${serviceId}&numPerPage=1&currentPage=3`)
    ).json() as Page;
    expect(paged.items.map((i) => i.object_id)).toEqual([north]);
    expect(paged.total).toBe(3);
    const other = (await get(`/api/ServiceLocations?service_id=${otherService}`)).json() as Page;
    expect(other.items.map((i) => i.after!.label)).toEqual(['Elsewhere']);
    expect(((await get(`/api/ServiceLocations?service_id=${randomUUID()}`)).json() as Page).total).toBe(0);
  });

  it('answers 400 without service_id, 401 and 403', async () => {
    const missing = await get('/api/ServiceLocations');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('service_id');
    const bad = await get('/api/ServiceLocations?service_id=abc');
    expect(bad.json().error.fields.service_id).toBe('service_id must be a valid id');
    expect(
      (await t.call(null, { method: 'GET', url: `/api/ServiceLocations?service_id=${randomUUID()}` }))
        .statusCode,
    ).toBe(401);
    expect((await get(`/api/ServiceLocations?service_id=${randomUUID()}`, t.nobody)).statusCode).toBe(403);
  });
});

describe('GET TriggerConfigurationTriggerChangeLog', () => {
  it('lists the changes of one trigger configuration trigger', async () => {
    const triggerId = randomUUID();
    await record({
      entity: 'trigger_configuration_triggers',
      objectId: triggerId,
      action: 'create',
      after: { label: 'Send renewal notice' },
    });
    await record({
      entity: 'trigger_configuration_triggers',
      objectId: triggerId,
      action: 'update',
      before: { label: 'Send renewal notice' },
      after: { label: 'Send renewal reminder' },
    });
    await record({
      entity: 'trigger_configuration_triggers',
      objectId: randomUUID(),
      action: 'create',
      after: { label: 'Another trigger' },
    });
    await record({
      entity: 'trigger_configurations',
      objectId: triggerId,
      action: 'create',
      after: { label: 'Same id, other entity' },
    });

    const res = await get(
      `/api/TriggerConfigurationTriggerChangeLog?trigger_configuration_trigger_id=${triggerId}`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.total).toBe(2);
    expect(page.items.map((i) => [i.entity, i.object_id, i.action])).toEqual([
      ['trigger_configuration_triggers', triggerId, 'update'],
      ['trigger_configuration_triggers', triggerId, 'create'],
    ]);
    expect(page.items[0]!.after).toEqual({ label: 'Send renewal reminder' });
    const empty = (
      await get(`/api/TriggerConfigurationTriggerChangeLog?trigger_configuration_trigger_id=${randomUUID()}`)
    ).json() as Page;
    expect(empty.items).toEqual([]);
  });

  it('answers 400, 401 and 403', async () => {
    const missing = await get('/api/TriggerConfigurationTriggerChangeLog');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('trigger_configuration_trigger_id');
    const bad = await get('/api/TriggerConfigurationTriggerChangeLog?trigger_configuration_trigger_id=7');
    expect(bad.json().error.fields.trigger_configuration_trigger_id).toBe(
      'trigger_configuration_trigger_id must be a valid id',
    );
    const url = `/api/TriggerConfigurationTriggerChangeLog?trigger_configuration_trigger_id=${randomUUID()}`;
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, t.nobody)).statusCode).toBe(403);
  });
});
