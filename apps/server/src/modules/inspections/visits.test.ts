import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';
import { parseVisitTime } from './visit-time';

let t: TestContext;
let scheduler: Caller;
let inspector: Caller;
let reader: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  scheduler = await t.createCaller(['inspections.read', 'inspections.write']);
  inspector = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
}, 60_000);
afterAll(async () => t?.close());

const schedule = (caller: Caller | null, body: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/IPVisits', payload: body });

const fullVisit = (date = '2026-12-01T09:30:00') => ({
  visit: { service_id: fleet.service.id, inspection_date_time: date, notes: 'Annual' },
  inspectors: [inspector.userId],
  inspections: { service: true, vehicle_ids: [fleet.medic1.id, fleet.medic2.id] },
  service_template: lists.serviceTemplate,
  vehicle_template: lists.vehicleTemplate,
});

describe('the visit time rule', () => {
  it('keeps a time only from a string of at least 7 parts with a 24-hour hh:mm:ss time', () => {
    expect(parseVisitTime('2026-12-01T09:30:00')).toEqual({
      inspection_date: '2026-12-01',
      inspection_time: '09:30:00',
      date_time_set: true,
    });
    expect(parseVisitTime('Tue Dec 01 2026 14:05:09 GMT-0500 (Eastern Standard Time)')).toMatchObject({
      inspection_date: '2026-12-01',
      inspection_time: '14:05:09',
    });
    expect(parseVisitTime('2026-12-01')).toMatchObject({ inspection_time: null, date_time_set: false });
    expect(parseVisitTime('2026-12-01T09:30')).toMatchObject({ inspection_time: null });
    expect(parseVisitTime('2026-12-01T25:30:00')).toMatchObject({ inspection_time: null });
    expect(() => parseVisitTime('2026-02-30')).toThrow();
  });
});

describe('visits', () => {
  it('schedules a visit with one inspection per chosen service and vehicle, numbered per kind', async () => {
    const res = await schedule(scheduler, fullVisit());
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json();
    expect(visit).toMatchObject({
      inspection_date: '2026-12-01',
      inspection_time: '09:30:00',
      date_time_set: true,
      status: 'scheduled',
      inspection_count: 3,
      inspector_ids: [inspector.userId],
      service_name: fleet.service.name,
    });
    const got = await t.call(reader, {
      method: 'GET',
      url: `/api/IPInspectionsVisitID?visit_id=${visit.id}`,
    });
    expect(got.statusCode, got.body).toBe(200);
    const items = got.json() as { entity: string; number: string; vehicle_id: string | null }[];
    expect(items.map((i) => i.entity).sort()).toEqual(['service', 'vehicle', 'vehicle']);
    const vehicleNumbers = items.filter((i) => i.entity === 'vehicle').map((i) => i.number);
    expect(vehicleNumbers.sort()).toEqual(['VI-0041', 'VI-0042']);
    expect(items.find((i) => i.entity === 'service')?.number).toMatch(/^INS-\d{8}-/);
  });

  it('includes only the groups whose conditions are met', async () => {
    const noVehicles = await schedule(scheduler, {
      ...fullVisit('2026-12-02'),
      inspections: { service: true },
    });
    expect(noVehicles.statusCode, noVehicles.body).toBe(201);
    expect(noVehicles.json()).toMatchObject({ inspection_count: 1, date_time_set: false });
    const noTemplate = await schedule(scheduler, { ...fullVisit(), vehicle_template: null });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().error.fields).toHaveProperty('vehicle_template');
  });

  it('refuses a vehicle of another service, a template of the wrong kind and a bad date (400)', async () => {
    const foreign = await schedule(scheduler, {
      ...fullVisit(),
      inspections: { vehicle_ids: [fleet.foreign.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('vehicle_id');
    const wrongKind = await schedule(scheduler, { ...fullVisit(), service_template: lists.vehicleTemplate });
    expect(wrongKind.statusCode).toBe(400);
    const badDate = await schedule(scheduler, {
      ...fullVisit(),
      visit: { ...fullVisit().visit, inspection_date_time: 'soon-ish later' },
    });
    expect(badDate.statusCode).toBe(400);
    const noService = await schedule(scheduler, { visit: { inspection_date_time: '2026-12-01' } });
    expect(noService.statusCode).toBe(400);
  });

  it('lists visits by month and year, the signed-in inspector’s own, the short list and the years', async () => {
    await schedule(scheduler, fullVisit('2027-03-15T08:00:00'));
    const march = await t.call(reader, { method: 'GET', url: '/api/IPVisits?year=2027&month=3' });
    expect(march.statusCode, march.body).toBe(200);
    expect(march.json().items.map((v: { inspection_date: string }) => v.inspection_date)).toEqual([
      '2027-03-15',
    ]);
    const mine = await t.call(inspector, { method: 'GET', url: '/api/IPVisits?userOnly=true&numPerPage=50' });
    expect(mine.json().total).toBeGreaterThanOrEqual(3);
    const notMine = await t.call(reader, { method: 'GET', url: '/api/IPVisits?userOnly=true' });
    expect(notMine.json().total).toBe(0);
    const byService = await t.call(reader, {
      method: 'GET',
      url: `/api/IPVisits?service_id=${fleet.other.id}`,
    });
    expect(byService.json().total).toBe(0);
    expect((await t.call(reader, { method: 'GET', url: '/api/IPVisits?month=13' })).statusCode).toBe(400);
    const years = await t.call(reader, { method: 'GET', url: '/api/IPVisits/getyears' });
    expect(years.json()).toEqual(expect.arrayContaining([2027, 2026]));
    const short = await t.call(reader, {
      method: 'GET',
      url: `/api/IPVisits/getlist?service_id=${fleet.service.id}`,
    });
    expect(short.statusCode).toBe(200);
    expect(short.json()[0]).toMatchObject({
      inspection_date: '2027-03-15',
      service_name: fleet.service.name,
    });
  });

  it('updates a visit (the time rule again), refuses a stale edit, and deletes only with a reason', async () => {
    const v = (await schedule(scheduler, fullVisit('2026-12-09'))).json();
    const put = await t.call(scheduler, {
      method: 'PUT',
      url: `/api/IPVisits/${v.id}`,
      payload: { visit: { inspection_date_time: '2026-12-10T13:00:00', updated_at: v.updated_at } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ inspection_date: '2026-12-10', inspection_time: '13:00:00' });
    const stale = await t.call(scheduler, {
      method: 'PUT',
      url: `/api/IPVisits/${v.id}`,
      payload: { visit: { notes: 'late', updated_at: v.updated_at } },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.call(scheduler, { method: 'DELETE', url: `/api/IPVisits/${v.id}` })).statusCode).toBe(
      400,
    );
    const del = await t.call(scheduler, { method: 'DELETE', url: `/api/IPVisits/${v.id}?reason=Duplicate` });
    expect(del.statusCode).toBe(204);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPVisits/${v.id}` })).statusCode).toBe(404);
  });

  it('takes a browser’s full date string (57 characters) and derives its 24-hour time (issue 25, item 14)', async () => {
    const browser = 'Tue Mar 03 2026 14:30:00 GMT-0600 (Central Standard Time)';
    expect(browser.length).toBeGreaterThan(40);
    const made = await schedule(scheduler, {
      ...fullVisit(),
      visit: { ...fullVisit().visit, inspection_date_time: browser },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      inspection_date: '2026-03-03',
      inspection_time: '14:30:00',
      date_time_set: true,
    });
    const moved = await t.call(scheduler, {
      method: 'PUT',
      url: `/api/IPVisits/${made.json().id}`,
      payload: {
        visit: { inspection_date_time: 'Wed Mar 04 2026 08:05:00 GMT-0600 (Central Standard Time)' },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ inspection_date: '2026-03-04', inspection_time: '08:05:00' });
    const spot = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPVisits/spotCheckInspection',
      payload: {
        visit: {
          service_id: fleet.service.id,
          vehicle_id: fleet.medic1.id,
          ip_template_id: lists.vehicleTemplate,
          inspection_date_time: browser,
        },
      },
    });
    expect(spot.statusCode, spot.body).toBe(201);
    expect(spot.json()).toMatchObject({ inspection_date: '2026-03-03', inspection_time: '14:30:00' });
    const tooLong = await schedule(scheduler, {
      ...fullVisit(),
      visit: { ...fullVisit().visit, inspection_date_time: `${browser} ${'x'.repeat(200)}` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.inspection_date_time).toMatch(/at most 120/);
  });

  it('records an unannounced spot check of a vehicle as a visit of its own', async () => {
    const res = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPVisits/spotCheckInspection',
      payload: {
        visit: {
          service_id: fleet.service.id,
          vehicle_id: fleet.medic2.id,
          ip_template_id: lists.vehicleTemplate,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json();
    expect(visit).toMatchObject({
      spot_check: true,
      status: 'in_progress',
      inspection_count: 1,
      inspector_ids: [inspector.userId],
    });
    const [insp] = (
      await t.call(reader, { method: 'GET', url: `/api/IPInspectionsVisitID?visit_id=${visit.id}` })
    ).json();
    expect(insp).toMatchObject({ spot_check: true, vehicle_id: fleet.medic2.id, entity: 'vehicle' });
    const noVehicle = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPVisits/spotCheckInspection',
      payload: { visit: { service_id: fleet.service.id, ip_template_id: lists.vehicleTemplate } },
    });
    expect(noVehicle.statusCode).toBe(400);
  });

  it('answers 401 to the anonymous, 403 without the permission, 404 for an unknown visit', async () => {
    expect((await schedule(null, fullVisit())).statusCode).toBe(401);
    expect((await schedule(reader, fullVisit())).statusCode).toBe(403);
    expect((await schedule(t.applicant, fullVisit())).statusCode).toBe(403);
    for (const url of [
      '/api/IPVisits',
      '/api/IPVisits/getlist',
      '/api/IPVisits/getyears',
      `/api/IPVisits/${missing}`,
    ]) {
      expect((await t.call(null, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.call(t.applicant, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await t.call(reader, { method: 'GET', url: `/api/IPVisits/${missing}` })).statusCode).toBe(404);
    expect(
      (await t.call(reader, { method: 'GET', url: `/api/IPInspectionsVisitID?visit_id=${missing}` }))
        .statusCode,
    ).toBe(404);
  });
});
