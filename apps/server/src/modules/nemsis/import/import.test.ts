import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataChangeLog, serviceStations, services, serviceVehicles, vehicles } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherEnterprise } from '../../../test/other-enterprise';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { createService } from '../../clinicians/test-helpers';
import { nemsisDir } from '../schemas';

const pretest = (name: string) => readFileSync(join(nemsisDir(), 'pretest', name), 'utf8');
let t: TestContext;
let service: { id: string };
beforeAll(async () => {
  t = await createTestContext();
  service = await createService(t, 'Danbury EMS');
});
afterAll(async () => t?.close());

const post = (step: 'preview' | 'commit', body: string, serviceId = service.id, caller = t.admin) =>
  t.call(caller, {
    method: 'POST',
    url: `/api/nemsis/import/${serviceId}/${step}`,
    payload: body,
    headers: { 'content-type': 'application/xml' },
  });

describe('NEMSIS DEM import', () => {
  it('previews the official DEM-1 file without writing, then commits its vehicles and stations', async () => {
    const dem = pretest('2025-DEM-1_v351.xml');
    const preview = await post('preview', dem);
    expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
    const plan = preview.json();
    expect(plan.validation.valid).toBe(true);
    expect(plan.committed).toBe(false);
    expect(plan.changes.filter((c: { kind: string }) => c.kind === 'vehicle')).toHaveLength(3);
    expect(plan.changes).toContainEqual(
      expect.objectContaining({ kind: 'station', action: 'add', label: 'Danbury Main Station' }),
    );
    expect(
      await t.database.db.select().from(serviceVehicles).where(eq(serviceVehicles.service_id, service.id)),
    ).toHaveLength(0);

    const commit = await post('commit', dem);
    expect(commit.statusCode, commit.body.slice(0, 500)).toBe(200);
    expect(commit.json().committed).toBe(true);
    const linked = await t.database.db
      .select()
      .from(serviceVehicles)
      .where(eq(serviceVehicles.service_id, service.id));
    expect(linked).toHaveLength(3);
    const [vin] = await t.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.serial_number, '1C4RJFAG8DC537142'));
    expect(vin).toMatchObject({ unit_number: 'DF CP', model_year: 2015 });
    const stations = await t.database.db
      .select()
      .from(serviceStations)
      .where(eq(serviceStations.service_id, service.id));
    expect(stations.map((s) => s.name)).toContain('Danbury Main Station');
    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.entity, 'vehicles'));
    expect(logged.length).toBeGreaterThanOrEqual(3);

    const again = await post('preview', dem);
    expect(again.json().changes.every((c: { action: string }) => c.action === 'unchanged')).toBe(true);
  }, 240_000);

  it('refuses a file that fails the schema, and writes nothing', async () => {
    const other = await createService(t, 'Other EMS');
    const res = await post('commit', pretest('2025-DEM-FailXsd_v351.xml'), other.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ committed: false, validation: { valid: false } });
    expect(
      await t.database.db.select().from(serviceVehicles).where(eq(serviceVehicles.service_id, other.id)),
    ).toHaveLength(0);
  }, 240_000);

  it('refuses hostile XML before validating it: a DTD (billion laughs, XXE), not XML, too large', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE DEMDataSet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><DEMDataSet>&c;&c;&c;</DEMDataSet>`;
    const res = await post('preview', laughs);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.body).toMatch(/DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><DEMDataSet>&x;</DEMDataSet>`;
    const leak = await post('preview', xxe);
    expect(leak.statusCode).toBe(400);
    expect(leak.body).not.toContain('root:');
    expect((await post('preview', '<DEMDataSet><open></DEMDataSet>')).statusCode).toBe(400);
    expect((await post('preview', '<StateDataSet/>')).json().error.fields.body).toMatch(
      /not a NEMSIS DEMDataSet/,
    );
    const big = `<DEMDataSet>${'<x>1</x>'.repeat(1_400_000)}</DEMDataSet>`;
    expect((await post('preview', big)).statusCode).toBe(413);
    const alive = await t.call(t.admin, { method: 'GET', url: '/api/auth/session' });
    expect(alive.statusCode).toBeLessThan(500);
  });

  it('answers 401, 403, 400 and 404, and another enterprise’s service is a 404', async () => {
    const dem = '<DEMDataSet/>';
    expect((await post('preview', dem, service.id, null as never)).statusCode).toBe(401);
    expect((await post('preview', dem, service.id, t.nobody)).statusCode).toBe(403);
    expect((await post('preview', dem, 'not-a-uuid')).statusCode).toBe(400);
    expect((await post('preview', dem, '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
    const other = await createOtherEnterprise(t);
    const foreign = await other.rowOf(services);
    expect((await post('commit', dem, foreign)).statusCode).toBe(404);
  });
});
