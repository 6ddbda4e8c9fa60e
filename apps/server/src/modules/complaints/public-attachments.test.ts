import { dataChangeLog, documents, publicUploadUsage } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext } from '../documents/test-fixtures';
import { humanCheckAnswer } from '../public-site/test-human-check';

// Issue 23, item 8: the anonymous complaint form cannot fill the disk. Its files are capped in number
// and size, counted against daily quotas per address and overall, and wait for staff to screen them
// before any staff route serves them.

const MAX_BYTES = 1000;
const ADDRESS_DAILY = 2500;
const DAILY = 100_000;

let t: TestContext;
let clerk: Caller;
let reader: Caller;

beforeAll(async () => {
  t = await createFilesTestContext({
    PUBLIC_ATTACHMENT_MAX_FILES: '3',
    PUBLIC_ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
    PUBLIC_UPLOAD_ADDRESS_DAILY_BYTES: String(ADDRESS_DAILY),
    PUBLIC_UPLOAD_DAILY_BYTES: String(DAILY),
  });
  [clerk, reader] = await Promise.all([
    t.createCaller(['complaints.read', 'complaints.write', 'documents.read']),
    t.createCaller(['complaints.read', 'documents.read']),
  ]);
}, 60_000);
afterAll(async () => t?.close());

/** A real PDF of exactly `size` bytes (a comment pads it), as a data URL. */
function pdf(size: number) {
  const head =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n%';
  const bytes = Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length)));
  return { bytes, value: `data:application/pdf;base64,${bytes.toString('base64')}` };
}

async function file(address: string, files: { name: string; value: string }[], token = true) {
  return t.call(null, {
    method: 'POST',
    url: '/api/complaints/file',
    remoteAddress: address,
    payload: {
      complaint: {
        subject_name: 'Medic 9',
        complainant_first_name: 'Pat',
        complainant_last_name: 'Public',
        complainant_email: 'pat@example.org',
        description: 'Drove through a red light.',
      },
      documents: files,
      ...(token ? { recaptchaToken: await humanCheckAnswer(t, 'complaint') } : {}),
    },
  });
}

async function complaintIdOf(number: string) {
  const res = await t.call(clerk, { method: 'GET', url: `/api/Complaints?search=${number}` });
  return res.json().items[0].id as string;
}

const get = (caller: Caller, url: string) => t.call(caller, { method: 'GET', url });

describe('limits of the public complaint form', () => {
  it('says its limits before upload', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/complaints/publicAttachmentLimits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ max_files: 3, max_bytes: MAX_BYTES });
  });

  it('refuses too many files and too large a file, naming documents, and stores nothing', async () => {
    const before = await t.database.db.select().from(documents);
    const many = await file(
      '127.0.0.21',
      [1, 2, 3, 4].map((i) => ({ name: `${i}.pdf`, value: pdf(100).value })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toBe('Attach at most 3 files.');
    expect(many.json().error.fields).toHaveProperty('documents');
    const large = await file('127.0.0.21', [{ name: 'big.pdf', value: pdf(MAX_BYTES + 1).value }]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.fields.documents).toMatch(/^big\.pdf: Each file may be at most/);
    expect((await t.database.db.select().from(documents)).length).toBe(before.length);
  });

  it('answers 429 with a message once an address has sent its day’s quota', async () => {
    const address = '127.0.0.22';
    const ok1 = await file(address, [{ name: 'a.pdf', value: pdf(900).value }]);
    expect(ok1.statusCode, ok1.body).toBe(201);
    const ok2 = await file(address, [{ name: 'b.pdf', value: pdf(900).value }]);
    expect(ok2.statusCode, ok2.body).toBe(201);
    const over = await file(address, [{ name: 'c.pdf', value: pdf(900).value }]);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('quota_exceeded');
    expect(over.json().error.message).toMatch(/as many files from your connection today/);
    expect(over.json().error.fields).toHaveProperty('documents');
    // A complaint without files still goes through, and another address still sends files.
    expect((await file(address, [])).statusCode).toBe(201);
    expect((await file('127.0.0.23', [{ name: 'd.pdf', value: pdf(900).value }])).statusCode).toBe(201);
  });

  it('answers 429 once everybody together has sent the day’s quota', async () => {
    const day = new Date().toISOString().slice(0, 10);
    await t.database.db
      .update(publicUploadUsage)
      .set({ bytes: DAILY - 500 })
      .where(and(eq(publicUploadUsage.day, day), eq(publicUploadUsage.address, '*')));
    const over = await file('127.0.0.24', [{ name: 'e.pdf', value: pdf(900).value }]);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(
      'We cannot accept more files today. Send your complaint without files, or try again tomorrow.',
    );
    expect(over.json().error.fields).toHaveProperty('documents');
    await t.database.db
      .update(publicUploadUsage)
      .set({ bytes: 0 })
      .where(and(eq(publicUploadUsage.day, day), eq(publicUploadUsage.address, '*')));
  });
});

describe('screening of the public form’s files', () => {
  let complaintId: string;
  let waiting: { id: string; name: string; mime_type: string; size_bytes: number }[];

  beforeAll(async () => {
    const res = await file('127.0.0.31', [
      { name: 'photo.pdf', value: pdf(300).value },
      { name: 'payload.pdf', value: pdf(400).value },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    complaintId = await complaintIdOf(res.json().number);
    const list = await get(reader, `/api/Complaints/${complaintId}/attachments/screening`);
    expect(list.statusCode, list.body).toBe(200);
    waiting = list.json();
  });

  it('lists the waiting files by name, type and size only', () => {
    expect(waiting.map((w) => [w.name, w.mime_type, w.size_bytes])).toEqual([
      ['photo.pdf', 'application/pdf', 300],
      ['payload.pdf', 'application/pdf', 400],
    ]);
    expect(waiting[0]).not.toHaveProperty('sha256');
  });

  it('serves a waiting file to no staff route, not even to the administrator', async () => {
    const id = waiting[0]!.id;
    for (const caller of [t.admin, clerk]) {
      expect((await get(caller, `/api/Documents/${id}`)).statusCode).toBe(404);
      const content = await get(caller, `/api/Documents/${id}/content`);
      expect(content.statusCode).toBe(404);
      expect(content.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
      const listed = (await get(caller, '/api/Documents?numPerPage=500')).json().items;
      expect(listed.map((d: { id: string }) => d.id)).not.toContain(id);
      const zip = await t.call(caller, {
        method: 'POST',
        url: '/api/Core/Zip',
        payload: { documentIds: [id] },
      });
      expect(zip.statusCode).toBe(404);
    }
    const docs = await get(clerk, `/api/Complaints/${complaintId}/documents`);
    expect(docs.json()).toEqual([]);
  });

  it('releases a file to the complaint’s documents, in the change log', async () => {
    const id = waiting[0]!.id;
    const url = `/api/Complaints/${complaintId}/attachments/${id}/release`;
    expect((await t.call(reader, { method: 'POST', url })).statusCode).toBe(403);
    const released = await t.call(clerk, { method: 'POST', url });
    expect(released.statusCode, released.body).toBe(200);
    const content = await get(clerk, `/api/Documents/${id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(pdf(300).bytes)).toBe(true);
    const docs = await get(clerk, `/api/Complaints/${complaintId}/documents`);
    expect(docs.json().map((d: { id: string }) => d.id)).toEqual([id]);
    const [log] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, id), eq(dataChangeLog.action, 'update')));
    expect(log?.user_id).toBe(clerk.userId);
    expect(log?.after).toMatchObject({ screening: 'released', screened_by: clerk.userId });
    // Released once: it no longer waits.
    expect((await t.call(clerk, { method: 'POST', url })).statusCode).toBe(404);
  });

  it('discards a file with a reason: marked deleted, never served, the reason in the change log', async () => {
    const id = waiting[1]!.id;
    const url = `/api/Complaints/${complaintId}/attachments/${id}/discard`;
    const noReason = await t.call(clerk, { method: 'POST', url, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    const discarded = await t.call(clerk, {
      method: 'POST',
      url,
      payload: { reason: 'Not a PDF a person wrote.' },
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
    expect(row?.deleted_at).not.toBeNull();
    expect(row?.screening).toBe('discarded');
    expect((await get(t.admin, `/api/Documents/${id}/content`)).statusCode).toBe(404);
    const waitingNow = await get(clerk, `/api/Complaints/${complaintId}/attachments/screening`);
    expect(waitingNow.json()).toEqual([]);
    const [log] = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, id), eq(dataChangeLog.action, 'delete')));
    expect(log?.after).toMatchObject({ screening: 'discarded', delete_reason: 'Not a PDF a person wrote.' });
  });

  it('answers 401, 403 and 404 around screening', async () => {
    const url = `/api/Complaints/${complaintId}/attachments/screening`;
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await get(t.applicant, url)).statusCode).toBe(403);
    expect(
      (await get(clerk, '/api/Complaints/00000000-0000-4000-8000-000000000001/attachments/screening'))
        .statusCode,
    ).toBe(404);
    const other = `/api/Complaints/${complaintId}/attachments/00000000-0000-4000-8000-000000000001/release`;
    expect((await t.call(clerk, { method: 'POST', url: other })).statusCode).toBe(404);
  });
});
