import { randomUUID } from 'node:crypto';
import { dataChangeLog, documents } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { csvOf, HEADER } from '../clinicians/test-helpers';
import { createFilesTestContext, createResponse, PDF, upload, uploadFile } from './test-fixtures';

let t: TestContext;
let otherPortal: Caller;
beforeAll(async () => {
  t = await createFilesTestContext();
  otherPortal = await t.createCaller([], { isStaff: false, isPortal: true });
});
afterAll(async () => t?.close());

const uploadAs = async (caller: Caller) =>
  (await upload(t, caller, { name: 'a.csv', content: csvOf([HEADER]) })).json().id as string;
const link = (caller: Caller | null, documentId: string, responseId: string) =>
  t.call(caller, { method: 'POST', url: `/api/clinicians/saveFileUpload/${documentId}/${responseId}` });
const byResponse = (caller: Caller | null, responseId: string) =>
  t.call(caller, { method: 'GET', url: `/api/clinicians/getDocumentByResponseID?responseID=${responseId}` });

describe('POST clinicians/saveFileUpload and GET clinicians/getDocumentByResponseID', () => {
  it('links the caller’s document to a response and lists it; records the change', async () => {
    const responseId = (await createResponse(t, { userId: t.applicant.userId })).response.id;
    const mine = await uploadAs(t.applicant);
    const res = await link(t.applicant, mine, responseId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine, fb_response_id: responseId, name: 'a.csv' });
    expect(res.json()).not.toHaveProperty('storage_key');
    const log = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, mine));
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);

    // Staff may link anyone's document; the owner then sees only their own.
    const others = await uploadAs(otherPortal);
    expect((await link(t.admin, others, responseId)).statusCode).toBe(200);
    const own = await byResponse(t.applicant, responseId);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((d: { id: string }) => d.id)).toEqual([mine]);
    const staff = await byResponse(t.admin, responseId);
    expect(staff.json().map((d: { id: string }) => d.id)).toEqual([mine, others]);
    expect((await byResponse(t.admin, randomUUID())).json()).toEqual([]);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const mine = await uploadAs(t.applicant);
    const responseId = (await createResponse(t, { userId: t.applicant.userId })).response.id;
    expect((await link(t.applicant, mine, 'not-a-uuid')).statusCode).toBe(400);
    expect((await link(null, mine, responseId)).statusCode).toBe(401);
    // Another person's document is hidden from a portal user (404), as the documents rule says.
    expect((await link(otherPortal, mine, responseId)).statusCode).toBe(404);
    expect((await link(t.applicant, randomUUID(), responseId)).statusCode).toBe(404);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/clinicians/getDocumentByResponseID' })).statusCode,
    ).toBe(400);
    expect((await byResponse(t.admin, 'x')).statusCode).toBe(400);
    expect((await byResponse(null, randomUUID())).statusCode).toBe(401);
  });
});

describe('clinicians routes follow the document access rule (issue 23, item 4)', () => {
  it("a staff member without complaint rights can neither link nor list a complaint's evidence", async () => {
    // Registry staff who read responses and documents, but not complaints.
    const registry = await t.createCaller([
      'registry.read',
      'registry.write',
      'responses.read',
      'documents.read',
    ]);
    const complaint = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Complaints',
      payload: { complaint: { subject_name: 'Medic 7', description: 'Left a patient at the curb.' } },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const evidence = await uploadFile(t, otherPortal, { name: 'evidence.pdf', content: PDF });
    const attached = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Documents/createDocumentObject',
      payload: { documentID: evidence, data_object: 'complaint', value: complaint.json().id },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const responseId = (await createResponse(t, { userId: t.applicant.userId })).response.id;

    expect((await link(registry, evidence, responseId)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, evidence));
    expect(row?.fb_response_id).toBeNull();

    // Linked by someone who may (the administrator), it still does not show to them through the response.
    expect((await link(t.admin, evidence, responseId)).statusCode).toBe(200);
    const listed = await byResponse(registry, responseId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((d: { id: string }) => d.id)).not.toContain(evidence);
    expect((await byResponse(t.admin, responseId)).json().map((d: { id: string }) => d.id)).toContain(
      evidence,
    );
  });

  it('links nothing to a response the caller cannot see', async () => {
    const mine = await uploadAs(otherPortal);
    const theirs = (await createResponse(t, { userId: t.applicant.userId })).response.id;
    const res = await link(otherPortal, mine, theirs);
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, mine));
    expect(row?.fb_response_id).toBeNull();
  });
});
