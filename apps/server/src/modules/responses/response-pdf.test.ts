import { randomUUID } from 'node:crypto';
import { document_types, documents, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText, pngDataUrl } from '../../platform/pdf/test-pdf';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, upload } from '../clinicians/test-helpers';
import { fixtures } from '../registry/test-fixtures';
import { buildForm, fullAnswers, startResponse, type TestForm, updateResponse } from './test-fixtures';

let t: TestContext;
let form: TestForm;
let signature: string;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  t = await createFilesTestContext();
  form = await buildForm(t, { name: 'Paramedic initial application' });
  signature = await pngDataUrl('Jane Q. Doe');
  await t.database.db
    .update(users)
    .set({ first_name: 'Jane', last_name: 'Applicant' })
    .where(eq(users.id, t.applicant.userId));
});
afterAll(async () => t?.close());

const pdfOf = async (caller: Caller | null, responseId: string) =>
  t.call(caller, { method: 'GET', url: `/api/fbresponses/getPDFFileContent?responseID=${responseId}` });

/** A completed response with every kind of answer, including an uploaded file and the vehicle group. */
async function completedResponse() {
  const r = await startResponse(t, t.applicant, form, {});
  const up = await upload(
    t,
    t.applicant,
    { name: 'my-licence-card.pdf', content: PDF },
    { fb_response_id: r.id, question_id: form.q.licence },
  );
  expect(up.statusCode, up.body).toBe(200);
  const done = await updateResponse(
    t,
    t.applicant,
    form,
    r.id,
    {
      ...fullAnswers(form, signature),
      hasVehicle: 'yes',
      plate: 'EMS-4242',
      licence: { document_id: up.json().id },
      notes: 'Café “quoted” notes\nSecond line of notes',
    },
    { complete: true },
  );
  expect(done.statusCode, done.body).toBe(200);
  return r;
}

describe('GET fbresponses/getPDFFileContent', () => {
  it('renders the response on the server: pages, groups, answers in words, signature, file name', async () => {
    const r = await completedResponse();
    const res = await pdfOf(t.applicant, r.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Paramedic initial application.pdf"; filename*=UTF-8''Paramedic%20initial%20application.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfToText(pdf);
    for (const expected of [
      'Paramedic initial application',
      'Form version 1',
      'About you',
      'Your details',
      'Have your licence at hand.',
      'Full name',
      'Jane Q. Doe',
      'Date of birth',
      'March 5, 1990',
      'Favourite colour',
      'Ocean blue',
      'Languages spoken',
      'French, English',
      'Do you own a vehicle?',
      'Vehicle details',
      'EMS-4242',
      'Finish',
      'Mailing address',
      '12 Main Street',
      'Springfield, IL 62701',
      'Copy of your licence',
      'my-licence-card.pdf',
      'I agree to the terms',
      'Yes (checked)',
      'Your signature',
      'Signed',
      'Café “quoted” notes',
      'Second line of notes',
      'Submitted on',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Do you own a vehicle\?\s+Yes/);
    expect(text).toMatch(/Person\s+Jane Applicant/);
    // The option ids are not printed, only their labels; the applicant does not see staff's spot check.
    expect(text).not.toContain(form.options.blue);
    expect(text).not.toContain('Staff check');
    // The signature is drawn as an image.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const staff = pdfToText((await pdfOf(t.admin, r.id)).rawPayload);
    expect(staff).toContain('Staff check');
    expect(staff).toContain('Identity verified');
  });

  it('a portal user gets 404 for another person’s; staff without responses.read 403; 404; 400; 401', async () => {
    const r = await startResponse(t, t.applicant, form, { name: 'Secret' });
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await pdfOf(other, r.id)).statusCode).toBe(404);
    expect((await pdfOf(t.nobody, r.id)).statusCode).toBe(403);
    const reader = await t.createCaller(['responses.read']);
    expect((await pdfOf(reader, r.id)).statusCode).toBe(200);
    expect((await pdfOf(t.admin, randomUUID())).statusCode).toBe(404);
    expect((await pdfOf(t.admin, 'nope')).statusCode).toBe(400);
    expect((await pdfOf(null, r.id)).statusCode).toBe(401);
  });
});

describe('POST fbresponses/generatepdf', () => {
  it('keeps the PDF as a document of the response’s person, with the form’s document type', async () => {
    const [type] = (await t.database.db
      .insert(document_types)
      .values({ enterprise_id: t.enterpriseId, label: `Applications ${randomUUID().slice(0, 6)}` })
      .returning()) as { id: string }[];
    const typed = await buildForm(t, { name: 'Typed form' });
    await t.call(t.admin, {
      method: 'PUT',
      url: '/api/fbforms/updateFormResponseDocumentTypeHistorically',
      payload: { FormId: typed.id, DocumentTypeId: type!.id },
    });
    const service = await fixtures(t).service({ name: 'Lakeside Ambulance' });
    const r = await startResponse(t, t.admin, typed, fullAnswers(typed, signature), {
      complete: true,
      userId: t.applicant.userId,
      serviceId: service.id,
    });
    const res = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/fbresponses/generatepdf',
      payload: { responseID: r.id, html: '<html>ignored</html>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'Typed form.pdf',
      mime_type: 'application/pdf',
      fb_response_id: r.id,
      candidate_id: t.applicant.userId,
      document_type_id: type!.id,
    });
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const stored = Buffer.concat(await (await t.app.deps.files.get(row!.storage_key)).toArray());
    expect(stored.length).toBe(doc.size_bytes);
    const text = pdfToText(stored);
    expect(text).toContain('Jane Q. Doe');
    expect(text).toMatch(/Service\s+Lakeside Ambulance/);
  });

  it('403, 404, 400 and 401', async () => {
    const r = await startResponse(t, t.applicant, form, {});
    const call = (caller: Caller | null, payload: object) =>
      t.call(caller, { method: 'POST', url: '/api/fbresponses/generatepdf', payload });
    expect((await call(t.nobody, { responseID: r.id })).statusCode).toBe(403);
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await call(other, { responseID: r.id })).statusCode).toBe(404);
    expect((await call(t.admin, { responseID: randomUUID() })).statusCode).toBe(404);
    expect((await call(t.admin, { html: 'x' })).json().error.fields).toHaveProperty('responseID');
    expect((await call(null, { responseID: r.id })).statusCode).toBe(401);
  });
});

describe('versions', () => {
  it('a response answered on version 1 still renders with version 1 after the form is edited to version 2', async () => {
    const f = await buildForm(t, { name: 'Versioned form' });
    const r = await startResponse(t, t.applicant, f, { name: 'Answered on one' });
    const current = await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${f.id}` });
    expect(current.statusCode).toBe(200);
    const tree = current.json();
    const details = tree.pages[0].groups[0];
    details.questions = details.questions.map((q: { id: string; label: string }) =>
      q.id === f.q.name ? { ...q, label: 'Legal name (version two)' } : q,
    );
    const edit = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/fbforms/${f.id}`,
      payload: { form: tree },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().version).toBe(2);

    const old = await t.call(t.applicant, { method: 'GET', url: `/api/fbresponses/${r.id}` });
    expect(old.json().form_version).toBe(1);
    const label = (res: typeof old) =>
      res.json().form.pages[0].groups[0].questions.find((q: { id: string }) => q.id === f.q.name).label;
    expect(label(old)).toBe('Full name');
    const oldPdf = pdfToText((await pdfOf(t.applicant, r.id)).rawPayload);
    expect(oldPdf).toContain('Full name');
    expect(oldPdf).toContain('Form version 1');
    expect(oldPdf).not.toContain('version two');
    // Saving again keeps the response on its version; a new response starts on version 2.
    const saved = await updateResponse(t, t.applicant, f, r.id, { dob: '2000-01-02' });
    expect(saved.json().form_version).toBe(1);
    expect(label(saved)).toBe('Full name');
    const fresh = await startResponse(t, t.applicant, f, { name: 'Answered on two' });
    const newer = await t.call(t.applicant, { method: 'GET', url: `/api/fbresponses/${fresh.id}` });
    expect(newer.json().form_version).toBe(2);
    expect(label(newer)).toBe('Legal name (version two)');
    expect(pdfToText((await pdfOf(t.applicant, fresh.id)).rawPayload)).toContain('Legal name (version two)');
  });
});
