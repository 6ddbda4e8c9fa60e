// Issue 23, item 4: a letter attaches only documents the sender may read under the documents rule, so a
// complaint's evidence cannot be mailed out by staff who may not read complaints.
import { documents, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, PDF, uploadFile } from '../documents/test-fixtures';

let t: TestContext;
let sender: Caller;
let complainant: Caller;
let evidence: string;

beforeAll(async () => {
  t = await createFilesTestContext();
  await t.app.deps.jobs.start();
  sender = await t.createCaller([
    'correspondence.read',
    'correspondence.send',
    'documents.read',
    'users.read',
  ]);
  complainant = await t.createCaller([], { isStaff: false, isPortal: true });
  await t.database.db.update(users).set({ email: 'pat@example.org' }).where(eq(users.id, complainant.userId));
  const complaint = await t.call(t.admin, {
    method: 'POST',
    url: '/api/Complaints',
    payload: { complaint: { subject_name: 'Medic 7', description: 'Left a patient at the curb.' } },
  });
  expect(complaint.statusCode, complaint.body).toBe(201);
  evidence = await uploadFile(t, complainant, { name: 'evidence.pdf', content: PDF });
  const attached = await t.call(t.admin, {
    method: 'POST',
    url: '/api/Documents/createDocumentObject',
    payload: { documentID: evidence, data_object: 'complaint', value: complaint.json().id },
  });
  expect(attached.statusCode, attached.body).toBe(200);
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, evidence));
  expect(row?.user_id).toBe(complainant.userId);
}, 60_000);
afterAll(async () => t?.close());

const send = (caller: Caller) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/Correspondences',
    payload: {
      to: [complainant.userId, 'outside@evil.example'],
      subject: 'Your file',
      message: '<p>Attached.</p>',
      userDocumentIDs: [evidence],
    },
  });

describe('attachments of a letter', () => {
  it("refuses a complaint's evidence to a sender who may not read complaints", async () => {
    const res = await send(sender);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).join()).toMatch(/^userDocumentIDs/);
  });

  it('attaches it for staff who may read it', async () => {
    expect((await send(t.admin)).statusCode).toBe(201);
  });
});
