import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';

// Issue 25, item 13: the spec's submit "saves the checklist, generates a PDF, then saves the inspection
// with the submit flag". A create-and-submit call that carries its checklist saves it; one that asks for
// the checklist to be saved without sending it is refused, naming it. Never dropped.

let t: TestContext;
let dataDir: string;
let inspector: Caller;
let noAnswers: Caller;
let reader: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'licensure-submit-checklist-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  inspector = await t.createCaller(['inspections.read', 'inspections.write', 'responses.write']);
  noAnswers = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const vehicleInspection = (extra: Record<string, unknown> = {}) => ({
  ip_template_id: lists.vehicleTemplate,
  entity: 'vehicle',
  service_id: fleet.service.id,
  vehicle_id: fleet.medic1.id,
  outcome: 'Conditional pass',
  ...extra,
});
const answers = () => [
  { question_id: lists.form.q.oxygen, value: 'no' },
  { question_id: lists.form.q.suction, value: 'yes' },
  { question_id: lists.form.q.note, value: 'Regulator seal cracked on the main cylinder' },
];
const post = (payload: Record<string, unknown>) =>
  t.call(inspector, { method: 'POST', url: '/api/IPInspections', payload });
const checklistsOf = async (inspectionId: string) =>
  (await t.call(reader, { method: 'GET', url: `/api/IPChecklists?inspection_id=${inspectionId}` })).json()
    .items as { id: string; name: string; completed: boolean; outcome: string | null; client_id: string }[];

describe('POST IPInspections with isSubmit and its checklist', () => {
  it('saves the checklist carried in the inspection (complete, with its answers), then the PDF and the flag', async () => {
    const clientId = randomUUID();
    const res = await post({
      isSubmit: true,
      handleChecklist: true,
      inspection: vehicleInspection({
        checklist: {
          client_id: clientId,
          name: 'Medic 1 equipment',
          outcome: 'Conditional pass',
          signer_name: 'Pat Rivera',
          answers: answers(),
        },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = res.json();
    expect(done).toMatchObject({ submitted: true, pdf_document_id: expect.any(String) });
    const saved = await checklistsOf(done.id);
    expect(saved).toEqual([
      expect.objectContaining({
        client_id: clientId,
        name: 'Medic 1 equipment',
        outcome: 'Conditional pass',
        completed: true,
      }),
    ]);
    const pdf = await t.call(t.admin, {
      method: 'GET',
      url: `/api/Documents/${done.pdf_document_id}/content`,
    });
    const text = pdfToText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Medic 1 equipment');
    expect(text).toContain('Regulator seal cracked on the main cylinder');
    expect(text).toContain('Pat Rivera');
  });

  it('takes the checklist beside the inspection too ({inspection, checklist, isSubmit})', async () => {
    const res = await post({
      isSubmit: true,
      handleChecklist: true,
      inspection: vehicleInspection({ vehicle_id: fleet.medic2.id }),
      checklist: { name: 'Medic 2 equipment', answers: answers() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = await checklistsOf(res.json().id);
    expect(saved).toEqual([expect.objectContaining({ name: 'Medic 2 equipment', completed: true })]);
  });

  it('refuses (400, naming the checklist) a create-and-submit that asks to save a checklist it does not send', async () => {
    const before = (await t.call(reader, { method: 'GET', url: '/api/IPInspections?numPerPage=1' })).json()
      .total as number;
    const res = await post({ isSubmit: true, handleChecklist: true, inspection: vehicleInspection() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty('checklist');
    const after = (await t.call(reader, { method: 'GET', url: '/api/IPInspections?numPerPage=1' })).json()
      .total as number;
    expect(after).toBe(before);
    const both = await post({
      isSubmit: true,
      inspection: vehicleInspection({ checklist: { name: 'A' } }),
      checklist: { name: 'B' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('checklist');
    const unanswerable = await t.call(noAnswers, {
      method: 'POST',
      url: '/api/IPInspections',
      payload: { isSubmit: true, inspection: vehicleInspection({ checklist: { answers: answers() } }) },
    });
    expect(unanswerable.statusCode).toBe(403);
    const total = (await t.call(reader, { method: 'GET', url: '/api/IPInspections?numPerPage=1' })).json()
      .total;
    expect(total).toBe(before);
  });

  it('saves a carried checklist without submitting too, and refuses bad answers before creating anything', async () => {
    const res = await post({
      inspection: vehicleInspection({ checklist: { name: 'Started', answers: answers() } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().submitted).toBe(false);
    expect(await checklistsOf(res.json().id)).toEqual([
      expect.objectContaining({ name: 'Started', completed: false }),
    ]);
    const bad = await post({
      isSubmit: true,
      inspection: vehicleInspection({ checklist: { answers: [{ question_id: 'nope' }] } }),
    });
    expect(bad.statusCode).toBe(400);
  });
});
