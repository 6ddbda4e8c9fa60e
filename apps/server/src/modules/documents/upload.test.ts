import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { dataChangeLog, documents } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { csvOf, HEADER, xlsxOf } from '../clinicians/test-helpers';
import {
  createFilesTestContext,
  createResponse,
  createService,
  createServiceAdministrator,
  PDF,
  PNG,
  upload,
} from './test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createFilesTestContext({ UPLOAD_MAX_BYTES: String(64 * 1024) });
});
afterAll(async () => t?.close());

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.app.deps.config.DATA_DIR, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  const all = await Promise.all(
    dirs.map((d) => readdir(path.join(root, d)).then((f) => f.map((n) => `${d}/${n}`))),
  );
  return all.flat();
}

describe('POST Documents/upload', () => {
  it('stores an xlsx under a random name, sniffs its type and answers the document', async () => {
    const content = await xlsxOf([HEADER]);
    const res = await upload(
      t,
      t.admin,
      { name: '..\\..\\roster.xlsx', content, type: 'text/plain' },
      {
        description: 'March roster',
      },
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'roster.xlsx',
      description: 'March roster',
      mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size_bytes: content.length,
      candidate_id: t.admin.userId,
      uploaded_by: t.admin.userId,
      fb_response_id: null,
    });
    expect(doc).not.toHaveProperty('storage_key');
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(row!.storage_key).not.toContain('roster');
    expect(await storedFiles()).toContain(row!.storage_key);
    const stored = Buffer.concat(await (await t.app.deps.files.get(row!.storage_key)).toArray());
    expect(stored.equals(content)).toBe(true);
    const log = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, doc.id));
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('accepts a UTF-8 .csv and a PNG; portal users may upload their own documents', async () => {
    const csv = await upload(t, t.applicant, {
      name: 'people.csv',
      content: csvOf([HEADER, ['Dóe', 'Jane']]),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.json()).toMatchObject({ mime_type: 'text/csv', candidate_id: t.applicant.userId });
    const png = await upload(t, t.applicant, { name: 'photo.csv', content: PNG });
    expect(png.statusCode).toBe(200);
    expect(png.json().mime_type).toBe('image/png');
  });

  it('refuses types not allowed, text not named .csv, binary named .csv and empty files, keeping nothing', async () => {
    const before = await storedFiles();
    const cases = [
      { name: 'notes.txt', content: Buffer.from('hello, world\n') },
      { name: 'data.csv', content: Buffer.from([0x61, 0x2c, 0x00, 0x01, 0xff, 0xfe, 0x0a]) },
      { name: 'tool.exe', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) },
      { name: 'empty.csv', content: Buffer.alloc(0) },
    ];
    for (const c of cases) {
      const res = await upload(t, t.admin, c);
      expect(res.statusCode, c.name).toBe(400);
      expect(res.json().error.fields).toHaveProperty('file');
      if (c.content.length > 0)
        expect(res.json().error.fields.file).toBe(
          'This type of file is not accepted. Allowed: PDF, images (PNG, JPEG, GIF, TIFF or WebP), Word (.docx), Excel (.xlsx) or CSV.',
        );
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 above UPLOAD_MAX_BYTES and keeps no partial file', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(64 * 1024 + 10, 'a');
    const res = await upload(t, t.admin, { name: 'big.csv', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(res.json().error.fields.file).toMatch(/larger than the limit of 64 KB/);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 400 without a file part or for bad fields, 401 signed out, 403 for another person', async () => {
    const content = csvOf([HEADER]);
    const json = await t.call(t.admin, { method: 'POST', url: '/api/Documents/upload', payload: {} });
    expect(json.statusCode).toBe(400);
    const wrongField = await upload(t, t.admin, { name: 'a.csv', content, field: 'attachment' });
    expect(wrongField.statusCode).toBe(400);
    const badType = await upload(t, t.admin, { name: 'a.csv', content }, { document_type_id: 'nope' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fields).toHaveProperty('document_type_id');
    expect((await upload(t, null, { name: 'a.csv', content })).statusCode).toBe(401);
    const other = await upload(t, t.applicant, { name: 'a.csv', content }, { candidate_id: t.admin.userId });
    expect(other.statusCode).toBe(403);
    const staffForOther = await upload(
      t,
      t.admin,
      { name: 'a.csv', content },
      { candidate_id: t.applicant.userId },
    );
    expect(staffForOther.statusCode).toBe(200);
    expect(staffForOther.json().candidate_id).toBe(t.applicant.userId);
    const unknown = await upload(
      t,
      t.admin,
      { name: 'a.csv', content },
      { candidate_id: '00000000-0000-4000-8000-000000000000' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('candidate_id');
  });

  it('stores the metadata fields; user_id is the same as candidate_id', async () => {
    const res = await upload(
      t,
      t.admin,
      { name: 'licence.pdf', content: PDF },
      { user_id: t.applicant.userId, expiration_date: '2020-01-31', description: 'Old licence' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'licence.pdf',
      mime_type: 'application/pdf',
      candidate_id: t.applicant.userId,
      expiration_date: '2020-01-31',
      expired: true,
      locked: false,
    });
    const bad = await upload(t, t.admin, { name: 'a.pdf', content: PDF }, { expiration_date: '31/01/2020' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('expiration_date');
  });

  it('answers a form response the caller may change, storing the question and the form’s document type', async () => {
    const typeId = randomUUID();
    const { response, question } = await createResponse(t, {
      userId: t.applicant.userId,
      documentTypeId: typeId,
    });
    const fields = { fb_response_id: response.id, question_id: question.id };
    const own = await upload(t, t.applicant, { name: 'cert.png', content: PNG }, fields);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      fb_response_id: response.id,
      question_id: question.id,
      document_type_id: typeId,
      candidate_id: t.applicant.userId,
    });

    // Staff with responses.write upload into the applicant's response: the file is the applicant's.
    const staff = await upload(t, t.admin, { name: 'cert.png', content: PNG }, fields);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().candidate_id).toBe(t.applicant.userId);

    // Another portal user's response is not theirs to answer; a submitted one is closed to its owner.
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    expect((await upload(t, other, { name: 'c.png', content: PNG }, fields)).statusCode).toBe(403);
    const submitted = await createResponse(t, { userId: t.applicant.userId, submitted: true });
    const closed = await upload(
      t,
      t.applicant,
      { name: 'c.png', content: PNG },
      { fb_response_id: submitted.response.id },
    );
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.message).toMatch(/was submitted/);
    const missing = await upload(
      t,
      t.applicant,
      { name: 'c.png', content: PNG },
      { fb_response_id: randomUUID() },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('fb_response_id');
  });

  it('stores a service only its administrators (or documents.write) may name', async () => {
    const service = await createService(t, 'Upload Valley EMS');
    const admin = await createServiceAdministrator(t, service.id);
    const ok = await upload(t, admin, { name: 'roster.pdf', content: PDF }, { service_id: service.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().service_id).toBe(service.id);
    const stranger = await upload(
      t,
      t.applicant,
      { name: 'r.pdf', content: PDF },
      { service_id: service.id },
    );
    expect(stranger.statusCode).toBe(403);
    const none = await upload(t, t.admin, { name: 'r.pdf', content: PDF }, { service_id: randomUUID() });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('service_id');
  });
});
