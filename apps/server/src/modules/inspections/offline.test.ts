import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';

let t: TestContext;
let dataDir: string;
let inspector: Caller;
let other: Caller;
let reader: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;
let visitId: string;
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'licensure-offline-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  inspector = await t.createCaller(['inspections.read', 'inspections.write', 'responses.write']);
  other = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
  // An earlier inspection of the service with a deficiency still open.
  const earlier = await t.call(t.admin, {
    method: 'POST',
    url: '/api/IPInspections',
    payload: {
      inspection: {
        ip_template_id: lists.serviceTemplate,
        entity: 'service',
        service_id: fleet.service.id,
        deficiencies: [{ description: 'Controlled substance log not balanced' }],
      },
    },
  });
  if (earlier.statusCode !== 201) throw new Error(earlier.body);
  const visit = await t.call(t.admin, {
    method: 'POST',
    url: '/api/IPVisits',
    payload: {
      visit: { service_id: fleet.service.id, inspection_date_time: '2026-12-03' },
      inspectors: [inspector.userId],
      inspections: { vehicle_ids: [fleet.medic1.id, fleet.medic2.id] },
      vehicle_template: lists.vehicleTemplate,
    },
  });
  visitId = visit.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const sync = (caller: Caller | null, changes: unknown[], id = visitId) =>
  t.call(caller, { method: 'POST', url: `/api/IPVisits/${id}/sync`, payload: { changes } });
const base = (vehicleId: string) => ({
  ip_template_id: lists.vehicleTemplate,
  entity: 'vehicle',
  service_id: fleet.service.id,
  vehicle_id: vehicleId,
  visit_id: visitId,
});

describe('offline field work', () => {
  it('downloads a checked-out visit, uploads offline work once, and reports a conflicting staff edit', async () => {
    expect(
      (
        await t.call(inspector, {
          method: 'POST',
          url: '/api/IPCheckoutLogs',
          payload: { checkout_log: { visit_id: visitId } },
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.call(inspector, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` });
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    expect(bundle.visit.checked_out_by).toBe(inspector.userId);
    expect(bundle.inspections).toHaveLength(2);
    expect(bundle.vehicles.map((v: { unit_number: string }) => v.unit_number).sort()).toEqual([
      'Medic 1',
      'Medic 2',
    ]);
    expect(bundle.templates.map((x: { id: string }) => x.id)).toEqual([lists.vehicleTemplate]);
    const questions = bundle.forms[0].pages[0].groups[0].questions.map((q: { label: string }) => q.label);
    expect(questions).toContain('Oxygen cylinder full');
    expect(bundle.previous_deficiencies.map((d: { description: string }) => d.description)).toEqual([
      'Controlled substance log not balanced',
    ]);
    expect(bundle.deficiencies.map((d: { id: string }) => d.id)).toContain(lists.deficiency);
    expect(bundle.extra_fees[0]).toMatchObject({ amount_cents: 7500 });

    const [a, b] = bundle.inspections as { id: string; vehicle_id: string; updated_at: string }[];
    // Staff change inspection b while the inspector is offline.
    const staff = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/IPInspections/${b!.id}`,
      payload: { inspection: { ...base(b!.vehicle_id), notes: 'Staff: unit out of service' } },
    });
    expect(staff.statusCode, staff.body).toBe(200);

    const clientChecklist = randomUUID();
    const changes = [
      {
        op_id: randomUUID(),
        kind: 'inspection',
        inspection_id: a!.id,
        base_updated_at: a!.updated_at,
        inspection: {
          ...base(a!.vehicle_id),
          outcome: 'Conditional pass',
          deficiencies: [
            { client_id: randomUUID(), ip_deficiency_id: lists.deficiency, description: 'Oxygen at 40%' },
          ],
        },
      },
      {
        op_id: randomUUID(),
        kind: 'checklist',
        checklist: { client_id: clientChecklist, inspection_id: a!.id, name: 'Medic 1', completed: true },
        answers: [
          { question_id: lists.form.q.oxygen, value: 'no' },
          { question_id: lists.form.q.note, value: 'Spare cylinder missing' },
        ],
      },
      {
        op_id: randomUUID(),
        kind: 'inspection',
        inspection_id: b!.id,
        base_updated_at: b!.updated_at,
        inspection: { ...base(b!.vehicle_id), notes: 'Inspector: all fine', outcome: 'Pass' },
      },
    ];
    const first = await sync(inspector, changes);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'conflict',
    ]);
    expect(first.json().results[0].version).toEqual(expect.any(String));
    const conflict = first.json().results[2];
    expect(conflict.server_inspection.notes).toBe('Staff: unit out of service');
    const kept = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${b!.id}` })).json();
    expect(kept).toMatchObject({ notes: 'Staff: unit out of service', outcome: null });

    // The connection dropped before the answer arrived: the device sends the same changes again.
    const replay = await sync(inspector, changes);
    expect(replay.json().results.map((r: { status: string }) => r.status)).toEqual([
      'unchanged',
      'unchanged',
      'conflict',
    ]);
    const checklists = await t.call(reader, {
      method: 'GET',
      url: `/api/IPChecklists?inspection_id=${a!.id}`,
    });
    expect(checklists.json().total).toBe(1);
    const saved = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${a!.id}` })).json();
    expect(saved.deficiencies).toHaveLength(1);
    // The checklist's answers were kept once, as its form response.
    const again = (
      await t.call(inspector, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` })
    ).json();
    expect(again.responses).toHaveLength(1);
    const answers = new Map(
      again.responses[0].questions.map((q: { question_id: string; value: string }) => [
        q.question_id,
        q.value,
      ]),
    );
    expect(answers.get(lists.form.q.oxygen)).toBe('no');
    expect(answers.get(lists.form.q.note)).toBe('Spare cylinder missing');

    // The inspector resolves the conflict on the server's version, then submits a.
    const resolved = await sync(inspector, [
      {
        op_id: randomUUID(),
        kind: 'inspection',
        inspection_id: b!.id,
        base_updated_at: conflict.server_inspection.updated_at,
        inspection: {
          ...base(b!.vehicle_id),
          notes: 'Staff: unit out of service. Inspector: all fine',
          outcome: 'Pass',
        },
      },
      {
        op_id: randomUUID(),
        kind: 'inspection',
        inspection_id: a!.id,
        base_updated_at: saved.updated_at,
        inspection: { ...base(a!.vehicle_id), outcome: 'Conditional pass', deficiencies: saved.deficiencies },
        submit: true,
      },
    ]);
    expect(resolved.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const submitted = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${a!.id}` })).json();
    expect(submitted).toMatchObject({ submitted: true, pdf_document_id: expect.any(String) });
  });

  it('adds a comment written offline once, however often it is uploaded', async () => {
    const bundle = (
      await t.call(inspector, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` })
    ).json();
    const [b, c] = bundle.inspections as { id: string }[];
    const change = {
      op_id: randomUUID(),
      kind: 'comment',
      comment_id: randomUUID(),
      comment: {
        inspection_id: b!.id,
        comment: 'Oxygen bottle nearly empty: told the crew',
        show_on_pdf: true,
      },
    };
    const first = await sync(inspector, [change]);
    expect(first.json().results[0]).toMatchObject({ status: 'applied', id: change.comment_id });
    // The answer was lost and the device uploads the same comment again: nothing is added.
    const again = await sync(inspector, [{ ...change, op_id: randomUUID() }]);
    expect(again.json().results[0]).toMatchObject({ status: 'unchanged', id: change.comment_id });
    const listed = (
      await t.call(reader, { method: 'GET', url: `/api/IPComment?inspection_id=${b!.id}&numPerPage=50` })
    ).json();
    const mine = listed.items.filter((x: { id: string }) => x.id === change.comment_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      comment: 'Oxygen bottle nearly empty: told the crew',
      show_on_pdf: true,
      created_by: inspector.userId,
    });
    // The same id on another inspection, or an inspection outside the visit, is refused.
    const moved = await sync(inspector, [
      { ...change, op_id: randomUUID(), comment: { ...change.comment, inspection_id: c!.id } },
    ]);
    expect(moved.json().results[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/another inspection/),
    });
    const outside = await sync(inspector, [
      {
        ...change,
        op_id: randomUUID(),
        comment_id: randomUUID(),
        comment: { ...change.comment, inspection_id: missing },
      },
    ]);
    expect(outside.json().results[0]).toMatchObject({
      status: 'error',
      message: 'The inspection is not one of this visit.',
    });
    const blank = await sync(inspector, [
      { ...change, op_id: randomUUID(), comment: { ...change.comment, comment: ' ' } },
    ]);
    expect(blank.statusCode).toBe(400);
  });

  it('refuses the work of an inspector whose visit was taken over', async () => {
    const taken = await t.call(other, {
      method: 'POST',
      url: '/api/IPCheckoutLogs',
      payload: { checkout_log: { visit_id: visitId, take_over: true } },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const bundle = (
      await t.call(inspector, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` })
    ).json();
    const b = bundle.inspections.find((i: { submitted: boolean }) => !i.submitted);
    const res = await sync(inspector, [
      {
        op_id: randomUUID(),
        kind: 'inspection',
        inspection_id: b.id,
        base_updated_at: b.updated_at,
        inspection: { ...base(b.vehicle_id), notes: 'late' },
      },
    ]);
    expect(res.json().results[0]).toMatchObject({
      status: 'conflict',
      message: expect.stringMatching(/Another inspector has this visit checked out/),
    });
    expect(
      (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${b.id}` })).json().notes,
    ).not.toBe('late');
  });

  it('answers 400, 401, 403 (the portal too) and 404', async () => {
    expect((await sync(inspector, [])).statusCode).toBe(400);
    expect((await sync(inspector, [{ op_id: randomUUID(), kind: 'photo' }])).statusCode).toBe(400);
    const change = {
      op_id: randomUUID(),
      kind: 'checklist',
      checklist: { client_id: randomUUID(), inspection_id: missing },
    };
    expect((await sync(null, [change])).statusCode).toBe(401);
    expect((await sync(reader, [change])).statusCode).toBe(403);
    expect((await sync(t.applicant, [change])).statusCode).toBe(403);
    expect((await sync(inspector, [change], missing)).statusCode).toBe(404);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` })).statusCode,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: `/api/IPVisits/${visitId}/offline` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call(reader, { method: 'GET', url: `/api/IPVisits/${missing}/offline` })).statusCode,
    ).toBe(404);
  });
});
