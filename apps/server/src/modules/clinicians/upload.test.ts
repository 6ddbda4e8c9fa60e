import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { dataChangeLog, documents } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { createFilesTestContext, csvOf, HEADER, upload, xlsxOf } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createFilesTestContext({ UPLOAD_MAX_BYTES: String(64 * 1024) });
});
afterAll(async () => t?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 above UPLOAD_MAX_BYTES and keeps no partial file', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(64 * 1024 + 10, 'a');
    const res = await upload(t, t.admin, { name: 'big.csv', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
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
});
