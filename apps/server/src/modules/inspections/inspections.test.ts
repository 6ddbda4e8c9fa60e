import { domainEvents } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';

let t: TestContext;
let inspector: Caller;
let reader: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestContext();
  inspector = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
}, 60_000);
afterAll(async () => t?.close());

const vehicleInspection = (extra: Record<string, unknown> = {}) => ({
  ip_template_id: lists.vehicleTemplate,
  entity: 'vehicle',
  service_id: fleet.service.id,
  vehicle_id: fleet.medic1.id,
  ...extra,
});
const create = (caller: Caller | null, inspection: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/IPInspections', payload: { inspection } });

describe('configuration lists', () => {
  const paths = [
    'IPStatuses',
    'IPDeficiencyCategories',
    'IPDeficiencies',
    'Core/IPExtraFees',
    'IPTemplates',
    'InspectionAutoNumbers',
    'UserInspectors',
    'UserInvestigators',
  ];
  it('are listed for inspections.read, refused to the portal (403) and the anonymous (401)', async () => {
    for (const path of paths) {
      expect((await t.call(reader, { method: 'GET', url: `/api/${path}` })).statusCode, path).toBe(200);
      expect((await t.call(t.applicant, { method: 'GET', url: `/api/${path}` })).statusCode, path).toBe(403);
      expect((await t.call(null, { method: 'GET', url: `/api/${path}` })).statusCode, path).toBe(401);
      expect((await t.call(reader, { method: 'GET', url: `/api/${path}/${missing}` })).statusCode, path).toBe(
        404,
      );
    }
  });

  it('keep a template’s form, licence levels and result set; an inspector is one person once', async () => {
    const tpl = await t.call(reader, { method: 'GET', url: `/api/IPTemplates/${lists.vehicleTemplate}` });
    expect(tpl.json()).toMatchObject({
      entity: 'vehicle',
      form_id: lists.form.id,
      result_set: 'Pass,Conditional pass,Fail',
    });
    const noKind = await t.call(t.admin, {
      method: 'POST',
      url: '/api/IPTemplates',
      payload: { template: { label: 'No kind' } },
    });
    expect(noKind.statusCode).toBe(400);
    const add = (caller: Caller) =>
      t.call(caller, {
        method: 'POST',
        url: '/api/UserInspectors',
        payload: { user_inspector: { user_id: inspector.userId } },
      });
    expect((await add(reader)).statusCode).toBe(403);
    expect((await add(t.admin)).statusCode).toBe(201);
    expect((await add(t.admin)).statusCode).toBe(409);
    const investigator = await t.call(t.admin, {
      method: 'POST',
      url: '/api/UserInvestigators',
      payload: { user_investigator: { user_id: reader.userId } },
    });
    expect(investigator.statusCode, investigator.body).toBe(201);
    const fee = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/Core/IPExtraFees/${lists.fee}`,
      payload: { extra_fee: { amount_cents: -1 } },
    });
    expect(fee.statusCode).toBe(400);
  });
});

describe('inspections', () => {
  it('creates a numbered inspection, records deficiencies with due dates and fees, and sets the outcome', async () => {
    const res = await create(inspector, vehicleInspection({ ip_status_id: lists.scheduled }));
    expect(res.statusCode, res.body).toBe(201);
    const insp = res.json();
    expect(insp).toMatchObject({
      entity: 'vehicle',
      inspector_id: inspector.userId,
      submitted: false,
      status: expect.any(String),
    });
    expect(insp.number).toMatch(/^VI-\d{4}$/);
    const put = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${insp.id}`,
      payload: {
        inspection: {
          ...vehicleInspection(),
          outcome: 'Conditional pass',
          updated_at: insp.updated_at,
          deficiencies: [
            {
              client_id: '6d9e1c1e-58a0-4a43-9d5b-0f7e3c1d2a11',
              ip_deficiency_id: lists.deficiency,
              description: 'Oxygen at 40%',
            },
            {
              ip_deficiency_category_id: lists.category,
              description: 'Torn stretcher strap',
              due_date: '2027-01-05',
            },
          ],
          fees: [{ ip_extra_fee_id: lists.fee, quantity: 2 }],
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json();
    expect(saved.outcome).toBe('Conditional pass');
    expect(saved.deficiencies).toHaveLength(2);
    expect(saved.deficiencies[0]).toMatchObject({
      category: expect.stringMatching(/^Equipment/),
      deficiency: expect.stringMatching(/^Oxygen/),
    });
    expect(saved.deficiencies[0].due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(saved.deficiencies[1].due_date).toBe('2027-01-05');
    expect(saved.fees).toEqual([expect.objectContaining({ quantity: 2, amount_cents: 15000 })]);
    const stale = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${insp.id}`,
      payload: { inspection: { ...vehicleInspection(), notes: 'offline edit', updated_at: insp.updated_at } },
    });
    expect(stale.statusCode).toBe(409);
    const again = await t.call(reader, { method: 'GET', url: `/api/IPInspections/${insp.id}` });
    expect(again.json().deficiencies).toHaveLength(2);
  });

  it('refuses what does not fit the template or the service (400)', async () => {
    const wrongOutcome = await create(inspector, vehicleInspection({ outcome: 'Excellent' }));
    expect(wrongOutcome.statusCode).toBe(400);
    expect(wrongOutcome.json().error.fields).toHaveProperty('outcome');
    const foreign = await create(inspector, vehicleInspection({ vehicle_id: fleet.foreign.id }));
    expect(foreign.json().error.fields).toHaveProperty('vehicle_id');
    const kind = await create(inspector, vehicleInspection({ entity: 'service', vehicle_id: null }));
    expect(kind.json().error.fields).toHaveProperty('ip_template_id');
    const noDescription = await create(inspector, vehicleInspection({ deficiencies: [{ description: '' }] }));
    expect(noDescription.statusCode).toBe(400);
    const unknownStatus = await create(inspector, vehicleInspection({ ip_status_id: missing }));
    expect(unknownStatus.json().error.fields).toHaveProperty('ip_status_id');
  });

  it('lists and filters inspections, pages through POST getFilter, deletes only with a reason', async () => {
    const made = (await create(inspector, vehicleInspection({ vehicle_id: fleet.medic2.id }))).json();
    const list = await t.call(reader, {
      method: 'GET',
      url: `/api/IPInspections?vehicle_id=${fleet.medic2.id}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(made.id);
    const filtered = await t.call(reader, {
      method: 'POST',
      url: '/api/IPInspections/getFilter',
      payload: { currentPage: 1, numPerPage: 5, entity: 'vehicle', submitted: false },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(
      (await t.call(inspector, { method: 'DELETE', url: `/api/IPInspections/${made.id}` })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(inspector, {
          method: 'DELETE',
          url: `/api/IPInspections/${made.id}?reason=Entered twice`,
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPInspections/${made.id}` })).statusCode).toBe(
      404,
    );
  });

  it('saves and updates batches, and sets status, inspector or outcome in bulk', async () => {
    const batch = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPInspections/saveBatch',
      payload: { inspections: [vehicleInspection(), vehicleInspection({ vehicle_id: fleet.medic2.id })] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const ids = batch.json().ids as string[];
    expect(ids).toHaveLength(2);
    const upd = await t.call(inspector, {
      method: 'PUT',
      url: '/api/IPInspections/updateBatch',
      payload: { inspections: ids.map((id) => ({ ...vehicleInspection(), id, notes: 'Checked in bay 2' })) },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const noId = await t.call(inspector, {
      method: 'PUT',
      url: '/api/IPInspections/updateBatch',
      payload: { inspections: [vehicleInspection()] },
    });
    expect(noId.statusCode).toBe(400);
    const bulk = (code: string, value: string | null, inspectionIDs = ids) =>
      t.call(inspector, {
        method: 'POST',
        url: '/api/IPInspections/bulkAction',
        payload: { inspectionIDs, value, code },
      });
    expect((await bulk('status', lists.done)).json()).toEqual({ updated: 2 });
    expect((await bulk('outcome', 'Pass')).json()).toEqual({ updated: 2 });
    expect((await bulk('outcome', 'Glorious')).statusCode).toBe(400);
    expect((await bulk('inspector', reader.userId)).json()).toEqual({ updated: 2 });
    expect((await bulk('status', null)).statusCode).toBe(400);
    expect((await bulk('promote', 'x')).statusCode).toBe(400);
    expect((await bulk('status', lists.done, [missing])).statusCode).toBe(404);
    const one = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${ids[0]}` })).json();
    expect(one).toMatchObject({
      ip_status_id: lists.done,
      outcome: 'Pass',
      inspector_id: reader.userId,
      notes: 'Checked in bay 2',
    });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entity, 'ip_inspections'), eq(domainEvents.object_id, ids[0]!)));
    expect(events.map((e) => e.name)).toContain('ip_inspections.created');
  });

  it('answers 401, 403 (also to the portal) and 404', async () => {
    expect((await create(null, vehicleInspection())).statusCode).toBe(401);
    expect((await create(reader, vehicleInspection())).statusCode).toBe(403);
    expect((await create(t.applicant, vehicleInspection())).statusCode).toBe(403);
    for (const url of [
      '/api/IPInspections',
      `/api/IPInspections/${missing}`,
      `/api/IPInspectionsVisitID?visit_id=${missing}`,
    ])
      expect((await t.call(t.applicant, { method: 'GET', url })).statusCode, url).toBe(403);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPInspections/${missing}` })).statusCode).toBe(
      404,
    );
    const put = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${missing}`,
      payload: { inspection: vehicleInspection() },
    });
    expect(put.statusCode).toBe(404);
    const bulkAnon = await t.call(null, {
      method: 'POST',
      url: '/api/IPInspections/bulkAction',
      payload: { inspectionIDs: [missing], value: 'Pass', code: 'outcome' },
    });
    expect(bulkAnon.statusCode).toBe(401);
  });
});
