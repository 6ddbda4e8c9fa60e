import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { domainEvents, ipInspections } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfToText, pngDataUrl } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';

let t: TestContext;
let dataDir: string;
let inspector: Caller;
let second: Caller;
let reader: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;
let visit: { id: string; updated_at: string };
let inspections: { id: string; entity: string; vehicle_id: string | null; updated_at: string }[];
const missing = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'licensure-inspections-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  inspector = await t.createCaller(['inspections.read', 'inspections.write']);
  second = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
  const res = await t.call(t.admin, {
    method: 'POST',
    url: '/api/IPVisits',
    payload: {
      visit: { service_id: fleet.service.id, inspection_date_time: '2026-12-01T09:30:00' },
      inspectors: [inspector.userId, second.userId],
      inspections: { vehicle_ids: [fleet.medic1.id, fleet.medic2.id] },
      vehicle_template: lists.vehicleTemplate,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  visit = res.json();
  inspections = (
    await t.call(reader, { method: 'GET', url: `/api/IPInspectionsVisitID?visit_id=${visit.id}` })
  ).json();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const checkout = (caller: Caller | null, body: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/IPCheckoutLogs', payload: { checkout_log: body } });

describe('checkout of a visit for offline work', () => {
  it('is one inspector’s at a time; another takes it over only explicitly', async () => {
    const mine = await checkout(inspector, { visit_id: visit.id, device: 'Tablet 7' });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      user_id: inspector.userId,
      checked_in_at: null,
      visit_version: visit.updated_at,
    });
    const seen = (await t.call(reader, { method: 'GET', url: `/api/IPVisits/${visit.id}` })).json();
    expect(seen.checked_out_by).toBe(inspector.userId);
    const refused = await checkout(second, { visit_id: visit.id });
    expect(refused.statusCode).toBe(409);
    const taken = await checkout(second, { visit_id: visit.id, take_over: true });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ user_id: second.userId, taken_over_from: inspector.userId });
    const old = (
      await t.call(reader, { method: 'GET', url: `/api/IPCheckoutLogs/${mine.json().id}` })
    ).json();
    expect(old.checked_in_at).not.toBeNull();
    const open = await t.call(reader, {
      method: 'GET',
      url: `/api/IPCheckoutLogs?visit_id=${visit.id}&open=true`,
    });
    expect(open.json().items.map((c: { user_id: string }) => c.user_id)).toEqual([second.userId]);
    const notHolder = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPCheckoutLogs/${taken.json().id}`,
      payload: { checkout_log: { checked_in: true } },
    });
    expect(notHolder.statusCode).toBe(409);
    const back = await t.call(second, {
      method: 'PUT',
      url: `/api/IPCheckoutLogs/${taken.json().id}`,
      payload: { checkout_log: { checked_in: true } },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().checked_in_at).not.toBeNull();
    expect((await checkout(inspector, { visit_id: visit.id })).statusCode).toBe(201);
    expect((await checkout(inspector, { visit_id: missing })).statusCode).toBe(400);
    expect((await checkout(inspector, { visit_id: 'nope' })).statusCode).toBe(400);
    expect((await checkout(reader, { visit_id: visit.id })).statusCode).toBe(403);
    expect((await checkout(null, { visit_id: visit.id })).statusCode).toBe(401);
    expect((await checkout(t.applicant, { visit_id: visit.id })).statusCode).toBe(403);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPCheckoutLogs/${missing}` })).statusCode).toBe(
      404,
    );
  });
});

describe('checklists, comments, submit and the report', () => {
  it('creates, updates, batch-updates and deletes a checklist (with a reason), and ends a checkout record', async () => {
    const insp = inspections.find((i) => i.vehicle_id === fleet.medic2.id)!;
    const made = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPChecklists',
      payload: { checklist: { inspection_id: insp.id, name: 'Draft' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const c = made.json();
    expect(c).toMatchObject({ form_id: lists.form.id, name: 'Draft', has_signature: false });
    const put = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPChecklists/${c.id}`,
      payload: {
        checklist: {
          inspection_id: insp.id,
          name: 'Medic 2 equipment',
          outcome: 'Pass',
          updated_at: c.updated_at,
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Medic 2 equipment', outcome: 'Pass' });
    const batch = await t.call(inspector, {
      method: 'PUT',
      url: '/api/IPChecklists/updateBatch',
      payload: { checklists: [{ id: c.id, inspection_id: insp.id, completed: true }] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPChecklists/${c.id}` })).json().completed).toBe(
      true,
    );
    expect((await t.call(inspector, { method: 'DELETE', url: `/api/IPChecklists/${c.id}` })).statusCode).toBe(
      400,
    );
    const del = await t.call(inspector, {
      method: 'DELETE',
      url: `/api/IPChecklists/${c.id}?reason=Started by mistake`,
    });
    expect(del.statusCode).toBe(204);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPChecklists/${c.id}` })).statusCode).toBe(404);

    const log = (
      await t.call(reader, { method: 'GET', url: `/api/IPCheckoutLogs?visit_id=${visit.id}&open=false` })
    ).json().items[0] as { id: string };
    expect(
      (await t.call(reader, { method: 'DELETE', url: `/api/IPCheckoutLogs/${log.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/IPCheckoutLogs/${log.id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPCheckoutLogs/${log.id}` })).statusCode).toBe(
      404,
    );
  });

  it('uploads checklists recorded offline once (client_id), answers them as form responses, and submits with the PDF', async () => {
    const insp = inspections.find((i) => i.vehicle_id === fleet.medic1.id)!;
    const clientId = '0b5a3c52-2f7e-4a0e-9a55-3a2e7cfd0c01';
    const signature = await pngDataUrl('inspector');
    const upload = () =>
      t.call(inspector, {
        method: 'POST',
        url: '/api/IPChecklists/saveBatch',
        payload: {
          checklists: [
            {
              client_id: clientId,
              inspection_id: insp.id,
              name: 'Medic 1 equipment',
              signer_name: 'Pat Rivera',
              signature,
            },
          ],
        },
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload();
    expect(again.json().ids).toEqual(first.json().ids);
    const checklistId = first.json().ids[0] as string;
    const checklist = (
      await t.call(reader, { method: 'GET', url: `/api/IPChecklists/${checklistId}` })
    ).json();
    expect(checklist).toMatchObject({ form_id: lists.form.id, has_signature: true, completed: false });
    expect(checklist).not.toHaveProperty('signature');
    const listed = await t.call(reader, { method: 'GET', url: `/api/IPChecklists?inspection_id=${insp.id}` });
    expect(listed.json().total).toBe(1);

    const answered = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbresponses',
      payload: {
        checklistID: checklistId,
        response: {
          form_id: lists.form.id,
          vehicle_id: fleet.medic1.id,
          questions: [
            { question_id: lists.form.q.oxygen, value: 'no' },
            { question_id: lists.form.q.suction, value: 'yes' },
            { question_id: lists.form.q.note, value: 'Spare cylinder missing from the side locker' },
          ],
        },
      },
    });
    expect(answered.statusCode, answered.body).toBe(201);

    const comment = async (text: string, show: boolean) => {
      const res = await t.call(inspector, {
        method: 'POST',
        url: '/api/IPComment',
        payload: { comment: { inspection_id: insp.id, comment: text, show_on_pdf: show } },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const printed = await comment('Crew cooperative; station clean', false);
    const internal = await comment('Internal: check the supplier contract', false);
    const toggled = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPComment/${printed.id}/toggleShowOnPdf`,
    });
    expect(toggled.json().show_on_pdf).toBe(true);
    const resolved = await t.call(inspector, { method: 'PUT', url: `/api/IPComment/${internal.id}/resolve` });
    expect(resolved.json()).toMatchObject({ resolved: true, resolved_by: inspector.userId });
    const comments = await t.call(reader, { method: 'GET', url: `/api/IPComment?inspection_id=${insp.id}` });
    expect(comments.json().total).toBe(2);
    expect(
      (await t.call(inspector, { method: 'PUT', url: `/api/IPComment/${missing}/resolve` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(reader, { method: 'PUT', url: `/api/IPComment/${printed.id}/resolve` })).statusCode,
    ).toBe(403);
    const noText = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPComment',
      payload: { comment: { inspection_id: insp.id } },
    });
    expect(noText.statusCode).toBe(400);

    const current = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${insp.id}` })).json();
    const submit = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${insp.id}`,
      payload: {
        isSubmit: true,
        handleChecklist: true,
        inspection: {
          ip_template_id: lists.vehicleTemplate,
          entity: 'vehicle',
          service_id: fleet.service.id,
          vehicle_id: fleet.medic1.id,
          visit_id: visit.id,
          outcome: 'Conditional pass',
          signer_name: 'Sam Okafor',
          signature,
          updated_at: current.updated_at,
          deficiencies: [
            { ip_deficiency_id: lists.deficiency, description: 'Oxygen cylinder at 40 percent' },
          ],
        },
      },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const done = submit.json();
    expect(done).toMatchObject({
      submitted: true,
      outcome: 'Conditional pass',
      pdf_document_id: expect.any(String),
    });
    const after = (await t.call(reader, { method: 'GET', url: `/api/IPChecklists/${checklistId}` })).json();
    expect(after.completed).toBe(true);

    const pdf = await t.call(t.admin, {
      method: 'GET',
      url: `/api/Documents/${done.pdf_document_id}/content`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfToText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Inspection report ${done.number}`);
    expect(text).toContain('Oxygen cylinder at 40 percent');
    expect(text).toContain('Oxygen cylinder full');
    expect(text).toContain('Spare cylinder missing from the side locker');
    expect(text).toContain('Crew cooperative; station clean');
    expect(text).not.toContain('supplier contract');
    expect(text).toContain('Conditional pass');
    expect(text).toContain('Sam Okafor');
    expect(text).toContain('Pat Rivera');
    expect(text).toContain('Vehicles must be kept to the state equipment list.');

    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'inspection.submitted'), eq(domainEvents.object_id, insp.id)));
    expect(events).toHaveLength(1);
    const resubmit = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${insp.id}`,
      payload: { isSubmit: true, inspection: { ...current, updated_at: undefined } },
    });
    expect(resubmit.statusCode).toBe(409);
    const lateChecklist = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPChecklists/${checklistId}`,
      payload: { checklist: { inspection_id: insp.id, outcome: 'Fail' } },
    });
    expect(lateChecklist.statusCode).toBe(409);
  });

  it('leaves an inspection unsubmitted when the report cannot be kept, with the error answered', async () => {
    const insp = inspections.find((i) => i.vehicle_id === fleet.medic2.id)!;
    const current = (await t.call(reader, { method: 'GET', url: `/api/IPInspections/${insp.id}` })).json();
    const put = vi.spyOn(t.app.deps.files, 'put').mockRejectedValueOnce(new Error('disk full'));
    const res = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPInspections/${insp.id}`,
      payload: {
        isSubmit: true,
        inspection: {
          ip_template_id: lists.vehicleTemplate,
          entity: 'vehicle',
          service_id: fleet.service.id,
          vehicle_id: fleet.medic2.id,
          visit_id: visit.id,
          outcome: 'Pass',
          updated_at: current.updated_at,
        },
      },
    });
    put.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toEqual(expect.any(String));
    const [row] = await t.database.db.select().from(ipInspections).where(eq(ipInspections.id, insp.id));
    expect(row).toMatchObject({ submitted: false, pdf_document_id: null, outcome: 'Pass' });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'inspection.submitted'), eq(domainEvents.object_id, insp.id)));
    expect(events).toHaveLength(0);
  });

  it('generates the report on demand, and answers 400, 401, 403 and 404', async () => {
    const insp = inspections.find((i) => i.vehicle_id === fleet.medic2.id)!;
    const res = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPChecklists/generatepdf',
      payload: { inspectionID: insp.id, visitID: visit.id, html: '<p>ignored</p>' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ document_id: expect.any(String), size: expect.any(Number) });
    const gen = (caller: Caller | null, payload: Record<string, unknown>) =>
      t.call(caller, { method: 'POST', url: '/api/IPChecklists/generatepdf', payload });
    expect((await gen(inspector, {})).statusCode).toBe(400);
    expect((await gen(null, { inspectionID: insp.id })).statusCode).toBe(401);
    expect((await gen(reader, { inspectionID: insp.id })).statusCode).toBe(403);
    expect((await gen(inspector, { inspectionID: missing })).statusCode).toBe(404);
    const checklist = (c: Caller | null, payload: Record<string, unknown>) =>
      t.call(c, { method: 'POST', url: '/api/IPChecklists', payload: { checklist: payload } });
    expect((await checklist(inspector, { inspection_id: missing })).statusCode).toBe(400);
    expect((await checklist(t.applicant, { inspection_id: insp.id })).statusCode).toBe(403);
    expect((await t.call(reader, { method: 'GET', url: `/api/IPChecklists/${missing}` })).statusCode).toBe(
      404,
    );
    const batchAnon = await t.call(null, {
      method: 'PUT',
      url: '/api/IPChecklists/updateBatch',
      payload: { checklists: [{ id: missing, inspection_id: insp.id }] },
    });
    expect(batchAnon.statusCode).toBe(401);
    const batchMissing = await t.call(inspector, {
      method: 'PUT',
      url: '/api/IPChecklists/updateBatch',
      payload: { checklists: [{ id: missing, inspection_id: insp.id }] },
    });
    expect(batchMissing.statusCode).toBe(404);
  });
});
