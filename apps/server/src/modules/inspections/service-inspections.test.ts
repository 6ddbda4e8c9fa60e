import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  dataChangeLog,
  documents,
  ipInspectionDeficiencies,
  mailLog,
  servicePersonnel,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { uploadFile } from '../documents/test-fixtures';
import { createInspectionLists, createServiceWithVehicles } from './test-fixtures';

// Issue 25, item 15: the administrator of a service reads its submitted inspections, their deficiencies
// and the report, and answers a deficiency with its correction (text and a document), which staff
// accept or reject. Drafts stay invisible; another service's inspections are not found; someone who
// administers no service is refused.

let t: TestContext;
let dataDir: string;
let inspector: Caller;
let reader: Caller;
let serviceAdmin: Caller;
let otherAdmin: Caller;
let lists: Awaited<ReturnType<typeof createInspectionLists>>;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;
let submitted: { id: string; number: string; deficiencies: { id: string; description: string }[] };
let draftId: string;
let othersId: string;

const administer = async (caller: Caller, serviceId: string) =>
  t.database.db.insert(servicePersonnel).values({
    enterprise_id: t.enterpriseId,
    service_id: serviceId,
    user_id: caller.userId,
    is_administrator: true,
    start_date: '2024-01-01',
  });

const inspect = async (serviceId: string, submit: boolean, deficiencies: string[] = []) => {
  const res = await t.call(inspector, {
    method: 'POST',
    url: '/api/IPInspections',
    payload: {
      isSubmit: submit,
      inspection: {
        ip_template_id: lists.serviceTemplate,
        entity: 'service',
        service_id: serviceId,
        outcome: 'Fail',
        deficiencies: deficiencies.map((description) => ({
          ip_deficiency_category_id: lists.category,
          description,
        })),
      },
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'licensure-service-inspections-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  inspector = await t.createCaller(['inspections.read', 'inspections.write']);
  reader = await t.createCaller(['inspections.read']);
  serviceAdmin = await t.createCaller([], { isStaff: false, isPortal: true });
  otherAdmin = await t.createCaller([], { isStaff: false, isPortal: true });
  lists = await createInspectionLists(t, t.admin);
  fleet = await createServiceWithVehicles(t);
  await administer(serviceAdmin, fleet.service.id);
  await administer(otherAdmin, fleet.other.id);
  await t.database.db
    .update(users)
    .set({ email: 'station.chief@example.com' })
    .where(eq(users.id, serviceAdmin.userId));
  submitted = await inspect(fleet.service.id, true, ['Staff roster not posted', 'Narcotics log unsigned']);
  draftId = (await inspect(fleet.service.id, false, ['Draft finding'])).id;
  othersId = (await inspect(fleet.other.id, true, ['Other finding'])).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (caller: Caller | null, url: string) => t.call(caller, { method: 'GET', url });
const correct = (caller: Caller, inspectionId: string, correction: Record<string, unknown>) =>
  t.call(caller, {
    method: 'POST',
    url: `/api/ServiceInspections/${inspectionId}/corrections`,
    payload: { correction },
  });

describe('inspections of a service, for its administrator', () => {
  it('lists and shows the service’s submitted inspections with deficiencies and the report, never drafts', async () => {
    // The defect: the staff route is closed to portal users (they never hold inspections.read).
    expect((await get(serviceAdmin, `/api/IPInspections/${submitted.id}`)).statusCode).toBe(403);
    const list = await get(serviceAdmin, '/api/ServiceInspections');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: submitted.id, number: submitted.number, open_deficiencies: 2 }),
    ]);
    const one = await get(serviceAdmin, `/api/ServiceInspections/${submitted.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().deficiencies.map((d: { description: string }) => d.description)).toEqual([
      'Staff roster not posted',
      'Narcotics log unsigned',
    ]);
    const report = await get(serviceAdmin, `/api/ServiceInspections/${submitted.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    const text = pdfToText(report.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Inspection report ${submitted.number}`);
    expect(text).toContain('Narcotics log unsigned');
  });

  it('answers 404 for a draft and another service’s inspection, 403 to someone who administers none, 401 anonymously', async () => {
    for (const id of [draftId, othersId]) {
      expect((await get(serviceAdmin, `/api/ServiceInspections/${id}`)).statusCode, id).toBe(404);
      expect((await get(serviceAdmin, `/api/ServiceInspections/${id}/report`)).statusCode, id).toBe(404);
    }
    expect((await get(otherAdmin, `/api/ServiceInspections/${submitted.id}`)).statusCode).toBe(404);
    expect((await get(otherAdmin, `/api/ServiceInspections/${submitted.id}/report`)).statusCode).toBe(404);
    expect(
      (await get(otherAdmin, '/api/ServiceInspections')).json().map((i: { id: string }) => i.id),
    ).toEqual([othersId]);
    const d = submitted.deficiencies[0]!.id;
    expect((await correct(otherAdmin, submitted.id, { deficiency_id: d, correction: 'x' })).statusCode).toBe(
      404,
    );
    for (const url of [
      '/api/ServiceInspections',
      `/api/ServiceInspections/${submitted.id}`,
      `/api/ServiceInspections/${submitted.id}/report`,
    ]) {
      expect((await get(t.applicant, url)).statusCode, url).toBe(403);
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    expect((await correct(t.applicant, submitted.id, { deficiency_id: d, correction: 'x' })).statusCode).toBe(
      403,
    );
    // Staff who read inspections reach every submitted one here too (never drafts); correcting takes inspections.write.
    const staffList = (await get(reader, '/api/ServiceInspections')).json().map((i: { id: string }) => i.id);
    expect(staffList).toEqual(expect.arrayContaining([submitted.id, othersId]));
    expect(staffList).not.toContain(draftId);
    expect((await correct(reader, submitted.id, { deficiency_id: d, correction: 'x' })).statusCode).toBe(403);
  });

  it('takes a correction with its document, which staff reject with a reason (mailed) and then accept', async () => {
    const roster = submitted.deficiencies[0]!;
    const documentId = await uploadFile(t, serviceAdmin, undefined, { service_id: fleet.service.id });
    const othersDocument = await uploadFile(t, otherAdmin);
    expect(
      (await correct(serviceAdmin, submitted.id, { deficiency_id: roster.id, correction: '' })).statusCode,
    ).toBe(400);
    expect(
      (
        await correct(serviceAdmin, submitted.id, {
          deficiency_id: roster.id,
          correction: 'Posted',
          document_id: othersDocument,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await correct(serviceAdmin, submitted.id, { deficiency_id: othersId, correction: 'Posted' }))
        .statusCode,
    ).toBe(400);
    const sent = await correct(serviceAdmin, submitted.id, {
      deficiency_id: roster.id,
      correction: 'Roster posted in the crew room on 3 March',
      document_id: documentId,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      status: 'submitted',
      document_id: documentId,
      deficiency_id: roster.id,
    });
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, documentId));
    expect(doc).toMatchObject({ inspection_id: submitted.id, data_object: 'inspection' });
    const twice = await correct(serviceAdmin, submitted.id, {
      deficiency_id: roster.id,
      correction: 'Again',
    });
    expect(twice.statusCode).toBe(409);

    const listed = await get(reader, `/api/IPInspections/${submitted.id}/corrections`);
    expect(listed.statusCode, listed.body).toBe(200);
    const correction = listed.json()[0] as { id: string };
    const review = (caller: Caller, action: string, payload?: Record<string, unknown>) =>
      t.call(caller, {
        method: 'PUT',
        url: `/api/IPDeficiencyCorrections/${correction.id}/${action}`,
        payload,
      });
    expect((await get(serviceAdmin, `/api/IPInspections/${submitted.id}/corrections`)).statusCode).toBe(403);
    expect((await review(serviceAdmin, 'accept')).statusCode).toBe(403);
    expect((await review(reader, 'accept')).statusCode).toBe(403);
    expect((await review(inspector, 'reject', {})).statusCode).toBe(400);
    const rejected = await review(inspector, 'reject', {
      reason: 'The photo does not show the posted roster.',
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect((await review(inspector, 'accept')).statusCode).toBe(409);
    const mail = await t.database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.to_address, 'station.chief@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain('The photo does not show the posted roster.');
    const seen = (await get(serviceAdmin, `/api/ServiceInspections/${submitted.id}`)).json();
    expect(seen.deficiencies[0].corrections[0]).toMatchObject({
      status: 'rejected',
      reject_reason: 'The photo does not show the posted roster.',
    });

    const again = await correct(serviceAdmin, submitted.id, {
      deficiency_id: roster.id,
      correction: 'Roster posted; photo of the notice board attached',
    });
    expect(again.statusCode, again.body).toBe(201);
    const accepted = await t.call(inspector, {
      method: 'PUT',
      url: `/api/IPDeficiencyCorrections/${again.json().id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const [def] = await t.database.db
      .select()
      .from(ipInspectionDeficiencies)
      .where(eq(ipInspectionDeficiencies.id, roster.id));
    expect(def).toMatchObject({
      corrected_on: new Date().toISOString().slice(0, 10),
      correction_notes: 'Roster posted; photo of the notice board attached',
    });
    const after = (await get(serviceAdmin, '/api/ServiceInspections')).json();
    expect(after[0].open_deficiencies).toBe(1);
    expect(
      (await correct(serviceAdmin, submitted.id, { deficiency_id: roster.id, correction: 'More' }))
        .statusCode,
    ).toBe(409);

    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(
        and(
          eq(dataChangeLog.enterprise_id, t.enterpriseId),
          eq(dataChangeLog.entity, 'ip_deficiency_corrections'),
        ),
      );
    expect(logged.map((l) => l.action).sort()).toEqual(['create', 'create', 'update', 'update']);
    const deficiencyLog = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(
        and(eq(dataChangeLog.entity, 'ip_inspection_deficiencies'), eq(dataChangeLog.object_id, roster.id)),
      );
    expect(deficiencyLog).toHaveLength(1);
  });
});
