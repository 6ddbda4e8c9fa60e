import { randomUUID } from 'node:crypto';
import { vehicle_types } from '@licensure/db';
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

const post = (vehicle: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/vehicles', payload: { vehicle } });

describe('vehicles CRUD', () => {
  it('creates with a valid VIN, links the service, updates, and soft-deletes', async () => {
    const s = await f.service({ name: 'Fleet EMS' });
    const s2 = await f.service({ name: 'Second Fleet' });
    const res = await post({
      serial_number: '1m8gdm9axkp042788',
      unit_number: 'Medic 1',
      service_id: s.id,
      make: 'Ford',
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ serial_number: '1M8GDM9AXKP042788', service_id: s.id, in_service: true });

    const got = await t.call(t.admin, { method: 'GET', url: `/api/vehicles/${v.id}` });
    expect(got.json().service_id).toBe(s.id);
    const list = await t.call(t.admin, { method: 'GET', url: `/api/vehicles?service_id=${s.id}` });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: v.id }] });

    const moved = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/vehicles/${v.id}`,
      payload: {
        vehicle: {
          serial_number: '1M8GDM9AXKP042788',
          unit_number: 'Medic 2',
          service_id: s2.id,
          updated_at: v.updated_at,
        },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ unit_number: 'Medic 2', service_id: s2.id });
    const stale = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/vehicles/${v.id}`,
      payload: { vehicle: { serial_number: '1M8GDM9AXKP042788', updated_at: v.updated_at } },
    });
    expect(stale.statusCode).toBe(409);
    const history = await t.call(t.admin, {
      method: 'GET',
      url: `/api/services/servicesFromVehicleId/${v.id}`,
    });
    expect(
      history.json().map((h: { id: string; end_date: string | null }) => [h.id, h.end_date === null]),
    ).toEqual([
      [s2.id, true],
      [s.id, false],
    ]);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/vehicles?service_id=${s.id}` })).json().total,
    ).toBe(0);

    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/vehicles/${v.id}` })).statusCode).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/vehicles/${v.id}?reason=Sold` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/vehicles/${v.id}` })).statusCode).toBe(404);
    const log = await t.call(t.admin, {
      method: 'GET',
      url: `/api/DataChangeLog?entity=vehicles&object_id=${v.id}`,
    });
    const items = log.json().items as { action: string; after: { in_service: boolean } }[];
    expect(items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(items[0]!.after.in_service).toBe(false);
    // The serial number is free again once the vehicle is deleted.
    expect((await post({ serial_number: '1M8GDM9AXKP042788' })).statusCode).toBe(201);
  });

  it('refuses a wrong check digit (400 serial_number) and duplicates (409)', async () => {
    const wrong = await post({ serial_number: '1M8GDM9A1KP042788' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('serial_number');
    expect((await post({ serial_number: '11111111111111111' })).statusCode).toBe(201);
    const dup = await post({ serial_number: '11111111111111111' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('serial_number');
    const other = await post({ serial_number: 'OLD-1975-XY' });
    expect(other.statusCode).toBe(201);
    const update = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/vehicles/${other.json().id}`,
      payload: { vehicle: { serial_number: '11111111111111111' } },
    });
    expect(update.statusCode).toBe(409);
    expect((await post({ serial_number: '' })).statusCode).toBe(400);
    expect((await post({ serial_number: 'ABC 123' })).statusCode).toBe(400);
    expect((await post({ serial_number: 'X', service_id: randomUUID() })).json().error.fields).toHaveProperty(
      'service_id',
    );
    expect((await post({ serial_number: 'Y1' }, t.reviewer)).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/vehicles' })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/vehicles' })).statusCode).toBe(403);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/vehicles/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/vehicles/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/vehicles?sortBy=nope' })).statusCode).toBe(400);
  });

  it('checks serial numbers without saving', async () => {
    const existing = await f.vehicle({ serial_number: '1HGCM82633A004352' });
    const check = async (qs: string) => {
      const res = await t.call(t.admin, { method: 'GET', url: `/api/vehicles/serialNumberCheck?${qs}` });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await check('serial_number=1HGCM82633A004352')).toMatchObject({
      valid: false,
      checkDigitOk: true,
      duplicateOf: existing.id,
    });
    expect(await check(`serial_number=1hgcm82633a004352&vehicle_id=${existing.id}`)).toMatchObject({
      valid: true,
      checkDigitOk: true,
      duplicateOf: null,
    });
    expect(await check('serial_number=1HGCM82643A004352')).toMatchObject({
      valid: false,
      checkDigitOk: false,
    });
    expect(await check('serial_number=TRAILER-9')).toMatchObject({
      valid: true,
      checkDigitOk: null,
      duplicateOf: null,
    });
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/vehicles/serialNumberCheck' })).statusCode,
    ).toBe(400);
  });
});

describe('vehicle queries', () => {
  it('searches by serial prefix, unit prefix and plate, in service unless asked', async () => {
    await f.vehicle({ serial_number: 'SRCH-ABC-1', unit_number: 'Unit 7', license_plate: 'EMS-4455' });
    await f.vehicle({
      serial_number: 'SRCH-ABC-2',
      unit_number: 'Rescue 9',
      license_plate: 'XYZ-1',
      in_service: false,
    });
    const search = async (payload: Record<string, unknown>) => {
      const res = await t.call(t.admin, { method: 'POST', url: '/api/vehicles/search', payload });
      expect(res.statusCode).toBe(200);
      return (res.json() as { serial_number: string }[]).map((v) => v.serial_number);
    };
    expect(await search({})).toEqual([]);
    expect(await search({ search: '  ', notInService: true })).toEqual([]);
    expect(await search({ search: 'srch-abc' })).toEqual(['SRCH-ABC-1']);
    expect(await search({ search: 'srch-abc', notInService: true })).toEqual(['SRCH-ABC-1', 'SRCH-ABC-2']);
    expect(await search({ search: 'unit 7' })).toEqual(['SRCH-ABC-1']);
    expect(await search({ search: '4455' })).toEqual(['SRCH-ABC-1']);
    expect(await search({ search: 'BC-1' })).toEqual([]);
    expect(
      (await t.call(t.reviewer, { method: 'POST', url: '/api/vehicles/search', payload: {} })).statusCode,
    ).toBe(403);
  });

  it('finds a vehicle certification by number', async () => {
    const v = await f.vehicle({ unit_number: 'Cert 1' });
    await f.certification({ vehicle_id: v.id, number: 'GAP-00042' });
    const res = await t.call(t.admin, {
      method: 'GET',
      url: '/api/vehicles/certificationByNumber?number=gap-00042',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      number: 'GAP-00042',
      vehicle_id: v.id,
      vehicle: { unit_number: 'Cert 1' },
    });
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/vehicles/certificationByNumber?number=none' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/vehicles/certificationByNumber' })).statusCode,
    ).toBe(400);
  });

  it('answers the type restriction (none recorded yet)', async () => {
    const [row] = await t.database.db
      .insert(vehicle_types)
      .values({ enterprise_id: t.enterpriseId, label: 'Test ambulance type' })
      .returning();
    const type = row as { id: string };
    const res = await t.call(t.admin, {
      method: 'GET',
      url: `/api/vehicles/typeRestriction?vehicle_type_id=${type.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vehicle_type: { id: type.id, label: 'Test ambulance type', active: true },
      restricted: false,
      restrictions: [],
    });
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/vehicles/typeRestriction?vehicle_type_id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/vehicles/typeRestriction?vehicle_type_id=1' }))
        .statusCode,
    ).toBe(400);
  });

  it('records mileage that never goes down and reads the latest', async () => {
    const v = await f.vehicle();
    const recent = () =>
      t.call(t.admin, {
        method: 'GET',
        url: `/api/vehicles/recentVehicleMileageByVehicleId?vehicle_id=${v.id}`,
      });
    expect((await recent()).json()).toBeNull();
    const add = (mileage: number, recorded_on?: string, caller = t.admin) =>
      t.call(caller, {
        method: 'POST',
        url: `/api/vehicles/${v.id}/mileage`,
        payload: { vehicle_mileage: { mileage, recorded_on } },
      });
    expect((await add(1000, '2026-01-01')).statusCode).toBe(201);
    expect((await add(5000, '2026-03-01')).statusCode).toBe(201);
    expect((await recent()).json()).toMatchObject({ mileage: 5000, recorded_on: '2026-03-01' });
    const lower = await add(4000, '2026-04-01');
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fields).toHaveProperty('mileage');
    const tooHigh = await add(6000, '2026-02-01');
    expect(tooHigh.statusCode).toBe(400);
    expect((await add(3000, '2026-02-01')).statusCode).toBe(201);
    expect((await recent()).json().mileage).toBe(5000);
    expect((await add(-1)).statusCode).toBe(400);
    expect((await add(10, undefined, t.reviewer)).statusCode).toBe(403);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: `/api/vehicles/${randomUUID()}/mileage`,
          payload: { vehicle_mileage: { mileage: 1 } },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'GET',
          url: `/api/vehicles/recentVehicleMileageByVehicleId?vehicle_id=${v.id}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/vehicles/recentVehicleMileageByVehicleId' }))
        .statusCode,
    ).toBe(400);
  });
});
