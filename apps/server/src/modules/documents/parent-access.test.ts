import { randomUUID } from 'node:crypto';
import type { PermissionKey } from '@licensure/contracts';
import { documents, ip_templates, ipInspections, licenseRequests } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowIn } from '../../test/other-enterprise';
import type { Caller, TestContext } from '../../test/test-app';
import {
  createFilesTestContext,
  createService,
  createServiceAdministrator,
  PDF,
  uploadFile,
} from './test-fixtures';

// Issue 23, item 4: a document inherits the access of the record it is attached to, in every read route
// of the module (list, metadata, content, zip, access log, logged reads, the lookups by person and by
// inspection) and in its writes, and the uploader of a complaint's document is as confidential as the
// complainant.

/** The demo template "Reviewer" (packages/db seed): documents.read, no complaint permissions. */
const REVIEWER: PermissionKey[] = [
  'lookups.read',
  'configuration.read',
  'users.read',
  'registry.read',
  'logging.read',
  'enterprise.read',
  'forms.read',
  'responses.read',
  'documents.read',
  'licensing.read',
  'requests.read',
  'requests.review',
  'triggers.read',
  'scheduledTasks.read',
  'alerts.read',
  'notes.read',
  'notes.write',
  'merge.read',
  'correspondence.read',
  'payments.read',
  'education.read',
  'inspections.read',
  'queries.read',
  'policies.read',
];

let t: TestContext;
let reviewer: Caller;
let complaintStaff: Caller;
let investigator: Caller;
let docsOnly: Caller;
let examReader: Caller;
let docsWriter: Caller;
let complainant: Caller;
let applicantA: Caller;
let applicantB: Caller;
const doc = {} as Record<
  'complaint' | 'investigation' | 'inspection' | 'exam' | 'request' | 'person',
  string
>;
let inspectionId: string;

const get = (caller: Caller | null, url: string) => t.call(caller, { method: 'GET', url });
const post = (caller: Caller, url: string, payload: object) =>
  t.call(caller, { method: 'POST', url, payload });
const attach = async (documentID: string, data_object: string, value: string) => {
  const res = await post(t.admin, '/api/Documents/createDocumentObject', { documentID, data_object, value });
  expect(res.statusCode, res.body).toBe(200);
};
const listed = async (caller: Caller, query = '') => {
  const res = await get(caller, `/api/Documents?numPerPage=500${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((d: { id: string }) => d.id) as string[];
};

beforeAll(async () => {
  t = await createFilesTestContext();
  [reviewer, complaintStaff, investigator, docsOnly, examReader, docsWriter] = await Promise.all([
    t.createCaller(REVIEWER),
    t.createCaller(['documents.read', 'complaints.read']),
    t.createCaller(['documents.read', 'investigations.read']),
    t.createCaller(['documents.read']),
    t.createCaller(['documents.read', 'exams.read']),
    t.createCaller(['documents.read', 'documents.write', 'users.read']),
  ]);
  [complainant, applicantA, applicantB] = await Promise.all([
    t.createCaller([], { isStaff: false, isPortal: true }),
    t.createCaller([], { isStaff: false, isPortal: true }),
    t.createCaller([], { isStaff: false, isPortal: true }),
  ]);

  // The complainant's evidence, filed with a complaint (the portal user uploads, staff attach it).
  const complaint = await post(t.admin, '/api/Complaints', {
    complaint: { subject_name: 'Medic 7', description: 'Left a patient at the curb.' },
  });
  expect(complaint.statusCode, complaint.body).toBe(201);
  doc.complaint = await uploadFile(t, complainant, { name: 'evidence.pdf', content: PDF });
  await attach(doc.complaint, 'complaint', complaint.json().id);

  const investigation = await post(t.admin, '/api/InvestigationsModule/Investigation', {
    investigation: { complaint_id: complaint.json().id, summary: 'Abandonment' },
  });
  expect(investigation.statusCode, investigation.body).toBe(201);
  doc.investigation = await uploadFile(t, complainant, { name: 'interview.pdf', content: PDF });
  await attach(doc.investigation, 'investigation', investigation.json().id);

  // An inspection of the enterprise: a made-up one is refused.
  inspectionId = await rowIn(t.database.db, ipInspections, t.enterpriseId);
  doc.inspection = await uploadFile(t, t.admin, { name: 'inspection.pdf', content: PDF });
  await attach(doc.inspection, 'inspection', inspectionId);

  // Attached by the exam module (ExamSessions/{id}/Documents) as data object ex_sessions.
  doc.exam = await uploadFile(t, t.admin, { name: 'roster.pdf', content: PDF });
  await t.database.db
    .update(documents)
    .set({ data_object: 'ex_sessions', data_object_id: randomUUID() })
    .where(eq(documents.id, doc.exam));

  const [request] = await t.database.db
    .insert(licenseRequests)
    .values({ enterprise_id: t.enterpriseId, user_id: applicantA.userId })
    .returning();
  doc.request = await uploadFile(
    t,
    t.admin,
    { name: 'request.pdf', content: PDF },
    { candidate_id: applicantB.userId },
  );
  await attach(doc.request, 'license_request', request!.id);

  doc.person = await uploadFile(t, applicantA, { name: 'licence-card.pdf', content: PDF });
}, 60_000);
afterAll(async () => t?.close());

/** Every read route of the module refuses the document to the caller (403, or 404 to hide it). */
async function expectHidden(caller: Caller, id: string) {
  for (const url of [`/api/Documents/${id}`, `/api/Documents/${id}/content`]) {
    const res = await get(caller, url);
    expect([403, 404], `${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    expect(res.rawPayload.includes(PDF)).toBe(false);
  }
  expect(await listed(caller)).not.toContain(id);
  const zip = await post(caller, '/api/Core/Zip', { documentIds: [id] });
  expect(zip.statusCode).toBe(404);
  const logged = await post(caller, '/api/Documents/LogDocumentAccess', { document_id: id });
  expect(logged.statusCode).toBe(404);
  const log = await get(caller, `/api/Documents/${id}/accesslog`);
  expect([403, 404]).toContain(log.statusCode);
}

/** The caller reads the document's metadata and content, finds it in the list and zips it. */
async function expectReadable(caller: Caller, id: string) {
  const one = await get(caller, `/api/Documents/${id}`);
  expect(one.statusCode, one.body).toBe(200);
  const content = await get(caller, `/api/Documents/${id}/content`);
  expect(content.statusCode).toBe(200);
  expect(content.rawPayload.equals(PDF)).toBe(true);
  expect(await listed(caller)).toContain(id);
  expect((await post(caller, '/api/Core/Zip', { documentIds: [id] })).statusCode).toBe(200);
  return one.json();
}

describe('a document inherits the access of its record', () => {
  it('hides a complaint’s evidence from the reviewer (no complaint permissions) in every route', async () => {
    expect((await get(reviewer, `/api/Complaints/${randomUUID()}`)).statusCode).toBe(403);
    await expectHidden(reviewer, doc.complaint);
    // Nor does the list name the complaint or its complainant through a filter.
    expect(await listed(reviewer, `&user_id=${complainant.userId}`)).not.toContain(doc.complaint);
  });

  it('gives it to staff who read complaints, with the uploader', async () => {
    const one = await expectReadable(complaintStaff, doc.complaint);
    expect(one.uploaded_by).toBe(complainant.userId);
  });

  it('keeps an investigation’s documents to investigations.read, without the uploader for those who cannot read the complaint', async () => {
    await expectHidden(reviewer, doc.investigation);
    await expectHidden(complaintStaff, doc.investigation);
    const one = await expectReadable(investigator, doc.investigation);
    expect(one.uploaded_by).toBeNull();
    const row = (await listed(investigator)).includes(doc.investigation);
    expect(row).toBe(true);
    const inList = (await get(investigator, '/api/Documents?numPerPage=500')).json().items;
    const item = inList.find((d: { id: string }) => d.id === doc.investigation);
    expect(item.uploaded_by).toBeNull();
    // And the investigator does not get the complaint's own evidence.
    await expectHidden(investigator, doc.complaint);
  });

  it('keeps an inspection’s documents to inspections.read, in Core/DocumentsByInspection too', async () => {
    await expectHidden(docsOnly, doc.inspection);
    const byInspection = await get(docsOnly, `/api/Core/DocumentsByInspection/${inspectionId}`);
    expect(byInspection.statusCode).toBe(200);
    expect(byInspection.json()).toEqual([]);
    await expectReadable(reviewer, doc.inspection);
    const seen = await get(reviewer, `/api/Core/DocumentsByInspection/${inspectionId}`);
    expect(seen.json().map((d: { id: string }) => d.id)).toEqual([doc.inspection]);
  });

  it('gives a service’s administrator the documents of its submitted inspections, no others', async () => {
    const service = await createService(t, 'Harbor Ambulance');
    const administrator = await createServiceAdministrator(t, service.id);
    const [template] = await t.database.db
      .insert(ip_templates)
      .values({ enterprise_id: t.enterpriseId, label: 'Annual', entity: 'service' })
      .returning();
    const inspectionOf = async (submitted: boolean) => {
      const [row] = await t.database.db
        .insert(ipInspections)
        .values({
          enterprise_id: t.enterpriseId,
          ip_template_id: template!.id,
          entity: 'service',
          service_id: service.id,
          submitted,
        })
        .returning();
      const id = await uploadFile(t, administrator, { name: 'correction.pdf', content: PDF });
      await attach(id, 'inspection', row!.id);
      return id;
    };
    const onSubmitted = await inspectionOf(true);
    const onDraft = await inspectionOf(false);
    await expectReadable(administrator, onSubmitted);
    await expectHidden(administrator, onDraft);
    await expectHidden(applicantB, onSubmitted);
  });

  it('keeps an exam session’s documents to exams.read', async () => {
    await expectHidden(reviewer, doc.exam);
    await expectReadable(examReader, doc.exam);
  });

  it('keeps a licence request’s documents to requests.read and the applicant', async () => {
    await expectHidden(applicantB, doc.request);
    await expectHidden(docsOnly, doc.request);
    await expectReadable(reviewer, doc.request);
  });

  it('keeps a person’s documents to users.read and the person', async () => {
    await expectHidden(docsOnly, doc.person);
    await expectHidden(applicantB, doc.person);
    await expectReadable(reviewer, doc.person);
    await expectReadable(applicantA, doc.person);
  });

  it('lets no write reach a document whose record the caller cannot read', async () => {
    const put = await t.call(docsWriter, {
      method: 'PUT',
      url: `/api/Documents/${doc.complaint}`,
      payload: { document: { description: 'seen' } },
    });
    expect([403, 404]).toContain(put.statusCode);
    const del = await t.call(docsWriter, { method: 'DELETE', url: `/api/Documents/${doc.investigation}` });
    expect([403, 404]).toContain(del.statusCode);
    const [after] = await t.database.db.select().from(documents).where(eq(documents.id, doc.investigation));
    expect(after?.deleted_at).toBeNull();
  });

  it('answers the same in the list and for one document, for each caller', async () => {
    const ids = Object.values(doc).filter((id) => id);
    for (const caller of [reviewer, complaintStaff, investigator, docsOnly, examReader, applicantA]) {
      const inList = new Set(await listed(caller));
      for (const id of ids) {
        const one = (await get(caller, `/api/Documents/${id}`)).statusCode === 200;
        expect(one, `${caller.userName} ${id}`).toBe(inList.has(id));
      }
    }
  });
});
