import { randomUUID } from 'node:crypto';
import { messages } from '@licensure/contracts';
import {
  dataChangeLog,
  document_types,
  documents,
  fbAnswers,
  fbFormVersions,
  fbResponses,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptPng, pngDataUrl } from '../../platform/pdf/test-pdf';
import type { TestContext } from '../../test/test-app';
import { createFilesTestContext, upload } from '../clinicians/test-helpers';
import {
  buildForm,
  createResponse,
  fullAnswers,
  startResponse,
  type TestForm,
  updateResponse,
} from './test-fixtures';

let t: TestContext;
let form: TestForm;
let signature: string;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  t = await createFilesTestContext();
  form = await buildForm(t);
  signature = await pngDataUrl('Jane Q. Doe');
});
afterAll(async () => t?.close());

const storedAnswers = async (responseId: string) =>
  new Map(
    (await t.database.db.select().from(fbAnswers).where(eq(fbAnswers.response_id, responseId))).map((a) => [
      a.question_id,
      a,
    ]),
  );
const responseCount = async () => (await t.database.db.select().from(fbResponses)).length;

describe('POST fbresponses', () => {
  it('starts a response on the current version for the applicant, freezing that version', async () => {
    const res = await createResponse(
      t,
      t.applicant,
      form,
      { name: 'Jane Q. Doe', dob: '1990-03-05' },
      { currentPage: 1 },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      form_id: form.id,
      form_version: 1,
      user_id: t.applicant.userId,
      progress: 1,
      current_page: 1,
      completed_on: null,
    });
    expect(body.form.name).toBe(form.name);
    expect(body.form.version).toBe(1);
    expect(body.questions.map((a: { question_id: string }) => a.question_id)).toEqual([
      form.q.name,
      form.q.dob,
    ]);
    const [frozen] = await t.database.db
      .select()
      .from(fbFormVersions)
      .where(and(eq(fbFormVersions.form_id, form.id), eq(fbFormVersions.version, 1)));
    expect(frozen?.definition).toMatchObject({ name: form.name });
    const [change] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'fb_responses'), eq(dataChangeLog.object_id, body.id)));
    expect(change).toMatchObject({ action: 'create', user_id: t.applicant.userId });
  });

  it('answers without the form with getLess, and ignores html', async () => {
    const res = await createResponse(t, t.applicant, form, {}, { getLess: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('form');
  });

  it('stores a multi-select as a comma-separated id list, de-duplicated', async () => {
    const { fr, de } = form.options;
    const r = await startResponse(t, t.applicant, form, { languages: ` ${fr} , ${de},${fr}` });
    expect((await storedAnswers(r.id)).get(form.q.languages)?.value).toBe(`${fr},${de}`);
    const bad = await createResponse(t, t.applicant, form, { languages: `${fr},${randomUUID()}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      [`questions.${form.q.languages}`]: 'Languages spoken: choose only listed answers',
    });
  });

  it('400 with the question named and nothing written: formats, and the body itself', async () => {
    const before = await responseCount();
    const res = await createResponse(t, t.applicant, form, { dob: '03/05/1990', colour: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      [`questions.${form.q.dob}`]: 'Date of birth must be a date (YYYY-MM-DD)',
      [`questions.${form.q.colour}`]: 'Favourite colour: choose one of the listed answers',
    });
    expect(await responseCount()).toBe(before);
    const noForm = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/fbresponses',
      payload: { response: {} },
    });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().error.fields).toHaveProperty('form_id');
    const badSignature = await createResponse(t, t.applicant, form, {
      signature: { signature: 'data:image/jpeg;base64,AAAA' },
    });
    expect(badSignature.statusCode).toBe(400);
    expect(badSignature.json().error.fields['questions.0.signature']).toBe('signature must be a PNG image');
    const corrupt = await createResponse(t, t.applicant, form, {
      signature: { signature: corruptPng(signature) },
    });
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().error.fields[`questions.${form.q.signature}`]).toBe(
      'The signature could not be read. Please sign again.',
    );
    expect(await responseCount()).toBe(before);
  });

  it('a required empty signature stops completion with the spec’s message, or the question’s own', async () => {
    const before = await responseCount();
    const { signature: _s, ...unsigned } = fullAnswers(form, signature);
    const res = await createResponse(t, t.applicant, form, unsigned, { complete: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      [`questions.${form.q.signature}`]: messages.signatureRequired,
    });
    expect(res.json().error.message).toBe('Required information is missing. Please sign the signature box.');

    const custom = await buildForm(t, { signatureMessage: 'Sign the declaration before sending.' });
    const own = await createResponse(t, t.applicant, custom, unsigned, { complete: true });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields[`questions.${custom.q.signature}`]).toBe(
      'Sign the declaration before sending.',
    );
    expect(await responseCount()).toBe(before);
  });

  it('403 when the form is not open to applicants or names someone else; staff with responses.write may', async () => {
    const viewOnly = await buildForm(t, { applicant_access: 'view' });
    expect((await createResponse(t, t.applicant, viewOnly, {})).statusCode).toBe(403);
    const closed = await buildForm(t, { applicant_access: 'none' });
    expect((await createResponse(t, t.applicant, closed, {})).statusCode).toBe(403);
    const inactive = await buildForm(t, { active: false });
    expect((await createResponse(t, t.applicant, inactive, {})).statusCode).toBe(403);
    const other = await createResponse(t, t.applicant, form, {}, { userId: t.admin.userId });
    expect(other.statusCode).toBe(403);
    // Staff without responses.write answer for themself only.
    expect((await createResponse(t, t.reviewer, form, {}, { userId: t.applicant.userId })).statusCode).toBe(
      403,
    );
    const forApplicant = await createResponse(
      t,
      t.admin,
      closed,
      { name: 'Filled by staff' },
      { userId: t.applicant.userId },
    );
    expect(forApplicant.statusCode, forApplicant.body).toBe(201);
    expect(forApplicant.json().user_id).toBe(t.applicant.userId);
  });

  it('400 naming the field when staff name records that do not exist; 404 for a missing form; 401', async () => {
    const res = await createResponse(t, t.admin, form, {}, { userId: randomUUID(), serviceId: randomUUID() });
    expect(res.statusCode).toBe(400);
    // The shared reference check: each field named, with the id (as another enterprise's would be).
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['service_id', 'user_id']);
    expect(res.json().error.fields.user_id).toMatch(/^There is no person /);
    const missing = await createResponse(t, t.applicant, { ...form, id: randomUUID() }, {});
    expect(missing.statusCode).toBe(404);
    expect((await createResponse(t, null, form, {})).statusCode).toBe(401);
  });

  it('publishes responseSaved to the caller when a connectionId is given', async () => {
    const received: string[] = [];
    const detach = await t.app.deps.hub.attach(t.applicant.userId, { send: (data) => received.push(data) });
    try {
      const r = await startResponse(t, t.applicant, form, {}, { connectionId: 'conn-1' });
      await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(JSON.parse(received[0]!)).toEqual({
        type: 'ReceiveMessage',
        message: { type: 'responseSaved', responseId: r.id, progress: 1 },
      });
    } finally {
      detach();
    }
  });
});

describe('PUT fbresponses/{id}', () => {
  it('saves a draft, resumes it, then completes it; the applicant is then locked out until reopened', async () => {
    const r = await startResponse(t, t.applicant, form, { name: 'Jane Q. Doe' });
    const draft = await updateResponse(t, t.applicant, form, r.id, { dob: '1990-03-05' }, { currentPage: 1 });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ progress: 1, current_page: 1, completed_on: null });
    // Answers merge over the stored ones.
    expect([...(await storedAnswers(r.id)).keys()].sort()).toEqual([form.q.name, form.q.dob].sort());

    const done = await updateResponse(t, t.applicant, form, r.id, fullAnswers(form, signature), {
      complete: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().progress).toBe(2);
    expect(Date.now() - Date.parse(done.json().completed_on)).toBeLessThan(60_000);

    const locked = await updateResponse(t, t.applicant, form, r.id, { notes: 'late change' });
    expect(locked.statusCode).toBe(409);
    expect((await storedAnswers(r.id)).get(form.q.notes)?.value).toBe(
      'First line of notes\nSecond line of notes',
    );

    const reopened = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbresponses/reopen',
      payload: { responseID: r.id },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ progress: 1, completed_on: null });
    const again = await updateResponse(t, t.applicant, form, r.id, { notes: 'late change' });
    expect(again.statusCode).toBe(200);
    expect((await storedAnswers(r.id)).get(form.q.notes)?.value).toBe('late change');
  });

  it('keeps a conditional group’s answers only while it is shown', async () => {
    const r = await startResponse(t, t.applicant, form, { hasVehicle: 'yes', plate: 'ABC-123' });
    expect((await storedAnswers(r.id)).get(form.q.plate)?.value).toBe('ABC-123');
    // The plate is required while the group shows...
    const missingPlate = await updateResponse(
      t,
      t.applicant,
      form,
      r.id,
      { ...fullAnswers(form, signature), hasVehicle: 'yes', plate: '' },
      { complete: true },
    );
    expect(missingPlate.statusCode).toBe(400);
    expect(missingPlate.json().error.fields).toEqual({
      [`questions.${form.q.plate}`]: 'Licence plate is required',
    });
    expect((await storedAnswers(r.id)).get(form.q.plate)?.value).toBe('ABC-123');
    // ...and dropped when it hides.
    const res = await updateResponse(t, t.applicant, form, r.id, { hasVehicle: 'no' });
    expect(res.statusCode).toBe(200);
    expect((await storedAnswers(r.id)).has(form.q.plate)).toBe(false);
    expect(res.json().questions.map((a: { question_id: string }) => a.question_id)).not.toContain(
      form.q.plate,
    );
    // An answer sent to a hidden group is not kept at all.
    await updateResponse(t, t.applicant, form, r.id, { plate: 'XYZ-999' });
    expect((await storedAnswers(r.id)).has(form.q.plate)).toBe(false);
  });

  it('leaves spot checks to staff, drops answers to unknown questions, clears blank answers', async () => {
    const r = await startResponse(t, t.applicant, form, { verified: 'yes', name: 'Jane' });
    expect((await storedAnswers(r.id)).has(form.q.verified)).toBe(false);
    const byStaff = await updateResponse(t, t.admin, form, r.id, { verified: 'yes' });
    expect(byStaff.statusCode).toBe(200);
    expect((await storedAnswers(r.id)).get(form.q.verified)?.value).toBe('yes');
    const own = await t.call(t.applicant, { method: 'GET', url: `/api/fbresponses/${r.id}` });
    expect(own.json().questions.map((a: { question_id: string }) => a.question_id)).toEqual([form.q.name]);
    const res = await t.call(t.applicant, {
      method: 'PUT',
      url: `/api/fbresponses/${r.id}`,
      payload: {
        response: {
          form_id: form.id,
          questions: [
            { question_id: randomUUID(), value: 'x' },
            { question_id: form.q.name, value: '  ' },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await storedAnswers(r.id);
    expect([...stored.keys()]).toEqual([form.q.verified]);
  });

  it('staff changes keep a submitted response submitted; saveAnswers=false only moves the page', async () => {
    const r = await startResponse(t, t.applicant, form, fullAnswers(form, signature), { complete: true });
    expect(r.progress).toBe(2);
    const staff = await updateResponse(t, t.admin, form, r.id, { verified: 'no' });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().progress).toBe(2);
    const open = await startResponse(t, t.applicant, form, { name: 'Kept' });
    const moved = await updateResponse(
      t,
      t.applicant,
      form,
      open.id,
      { name: 'Not saved' },
      { saveAnswers: false, currentPage: 1 },
    );
    expect(moved.json()).toMatchObject({ current_page: 1, progress: 1 });
    expect((await storedAnswers(open.id)).get(form.q.name)?.value).toBe('Kept');
  });

  it('links an uploaded file to the answer; someone else’s file is a 400 on that question', async () => {
    const [type] = (await t.database.db
      .insert(document_types)
      .values({ enterprise_id: t.enterpriseId, label: 'Licence copy' })
      .returning()) as { id: string }[];
    const r = await startResponse(t, t.applicant, form, {});
    const up = await upload(
      t,
      t.applicant,
      { name: 'licence.pdf', content: PDF },
      { fb_response_id: r.id, question_id: form.q.licence, document_type_id: type!.id },
    );
    expect(up.statusCode, up.body).toBe(200);
    const docId = up.json().id as string;
    const res = await updateResponse(t, t.applicant, form, r.id, {
      licence: { document_id: docId, file_name: 'renamed.exe' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res
      .json()
      .questions.find((a: { question_id: string }) => a.question_id === form.q.licence);
    expect(answer).toMatchObject({
      document_id: docId,
      file_name: 'licence.pdf',
      document_type: 'Licence copy',
    });
    const [doc] = await t.database.db.select().from(documents).where(eq(documents.id, docId));
    expect(doc).toMatchObject({ fb_response_id: r.id, question_id: form.q.licence });

    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    const theirs = await startResponse(t, other, form, {});
    const stolen = await updateResponse(t, other, form, theirs.id, { licence: { document_id: docId } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual({
      [`questions.${form.q.licence}`]: 'The file was not found. Please upload it again.',
    });
    const missing = await updateResponse(t, t.applicant, form, r.id, {
      licence: { document_id: randomUUID() },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('400 when the form differs, 403 for a form only viewable, 404 for someone else’s or a missing one, 401', async () => {
    const r = await startResponse(t, t.applicant, form, {});
    const otherForm = await buildForm(t);
    const moved = await updateResponse(t, t.applicant, otherForm, r.id, {});
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toHaveProperty('form_id');
    const viewOnly = await buildForm(t, { applicant_access: 'view' });
    const forApplicant = await startResponse(t, t.admin, viewOnly, {}, { userId: t.applicant.userId });
    expect((await updateResponse(t, t.applicant, viewOnly, forApplicant.id, { name: 'x' })).statusCode).toBe(
      403,
    );
    const stranger = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await updateResponse(t, stranger, form, r.id, { name: 'x' })).statusCode).toBe(404);
    expect((await updateResponse(t, t.nobody, form, r.id, { name: 'x' })).statusCode).toBe(403);
    expect((await updateResponse(t, t.admin, form, randomUUID(), {})).statusCode).toBe(404);
    expect((await updateResponse(t, null, form, r.id, {})).statusCode).toBe(401);
    expect(
      (await t.call(t.admin, { method: 'PUT', url: '/api/fbresponses/nope', payload: {} })).statusCode,
    ).toBe(400);
  });
});
