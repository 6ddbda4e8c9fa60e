import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  dataChangeLog,
  documents,
  fbResponses,
  ipInspections,
  referenceTables,
  vehicles,
} from '@licensure/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowIn } from '../../test/other-enterprise';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, createResponse, createService, PDF, PNG, uploadFile } from './test-fixtures';

/** A document type of the enterprise (a made-up one is refused). */
async function documentType(): Promise<string> {
  const [row] = await t.database.db
    .insert(referenceTables.document_types)
    .values({ enterprise_id: t.enterpriseId, label: `Card ${randomUUID().slice(0, 8)}` })
    .returning();
  return row!.id as string;
}

const LOCKED = 'This document is locked and cannot be changed.';
let t: TestContext;
let other: Caller;
let reader: Caller;
beforeAll(async () => {
  t = await createFilesTestContext({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  [other, reader] = await Promise.all([
    t.createCaller([], { isStaff: false, isPortal: true }),
    t.createCaller(['documents.read']),
  ]);
});
afterAll(async () => t?.close());

const dataUrl = (content: Buffer, type = 'application/octet-stream') =>
  `data:${type};base64,${content.toString('base64')}`;
const post = (caller: Caller | null, payload: unknown) =>
  t.call(caller, { method: 'POST', url: '/api/Documents', payload: payload as object });
const put = (caller: Caller | null, id: string, payload: unknown) =>
  t.call(caller, { method: 'PUT', url: `/api/Documents/${id}`, payload: payload as object });
const del = (caller: Caller | null, id: string) =>
  t.call(caller, { method: 'DELETE', url: `/api/Documents/${id}` });
const rowOf = async (id: string) =>
  (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0]!;
const changesOf = async (id: string) =>
  (await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, id))).map(
    (c) => c.action,
  );
const content = async (caller: Caller, id: string) =>
  (await t.call(caller, { method: 'GET', url: `/api/Documents/${id}/content` })).rawPayload;

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.app.deps.config.DATA_DIR, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  const all = await Promise.all(
    dirs.map((d) => readdir(path.join(root, d)).then((f) => f.map((n) => `${d}/${n}`))),
  );
  return all.flat();
}

describe('POST Documents', () => {
  it('creates a document from a base64 data URL, typed by its content', async () => {
    const res = await post(t.applicant, {
      document: { name: 'signature', description: 'Drawn', expiration_date: '2099-12-31', code: 'SIG' },
      value: dataUrl(PNG, 'image/jpeg'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'signature',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      candidate_id: t.applicant.userId,
      uploaded_by: t.applicant.userId,
      code: 'SIG',
      locked: false,
      expired: false,
    });
    expect((await content(t.applicant, doc.id)).equals(PNG)).toBe(true);
    expect(await changesOf(doc.id)).toEqual(['create']);

    const unnamed = await post(t.admin, {
      document: { user_id: other.userId, locked: true },
      value: dataUrl(PDF),
    });
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(unnamed.json()).toMatchObject({ name: 'document.pdf', candidate_id: other.userId, locked: true });
    const csv = await post(t.applicant, {
      document: { name: 'list' },
      value: dataUrl(Buffer.from('a,b\n1,2\n'), 'text/csv'),
    });
    expect(csv.json().mime_type).toBe('text/csv');
  });

  it('checks the file like an upload: 400 naming value, 413 above the limit, nothing kept', async () => {
    const before = await storedFiles();
    const cases: [unknown, string][] = [
      [{ document: {} }, 'value'],
      [{ document: {}, value: 'hello' }, 'value'],
      [{ document: {}, value: 'data:image/png;base64,@@@@' }, 'value'],
      [{ document: {}, value: dataUrl(Buffer.from('just some text\n'), 'text/plain') }, 'value'],
      [{ document: {}, value: 'data:image/png;base64,' }, 'value'],
      [{ document: { expiration_date: 'tomorrow' }, value: dataUrl(PNG) }, 'expiration_date'],
      [{ value: dataUrl(PNG) }, 'document'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t.applicant, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    const notAccepted = await post(t.applicant, { document: {}, value: dataUrl(Buffer.from('MZ\0\0\0\0')) });
    expect(notAccepted.json().error.fields.value).toMatch(
      /^This type of file is not accepted\. Allowed: PDF/,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(64 * 1024)]);
    const tooBig = await post(t.applicant, { document: {}, value: dataUrl(big) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({
      code: 'payload_too_large',
      fields: { value: expect.any(String) },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 401, and 403 for another person or a lock without documents.write', async () => {
    expect((await post(null, { document: {}, value: dataUrl(PNG) })).statusCode).toBe(401);
    expect(
      (await post(t.applicant, { document: { candidate_id: other.userId }, value: dataUrl(PNG) })).statusCode,
    ).toBe(403);
    expect((await post(t.applicant, { document: { locked: true }, value: dataUrl(PNG) })).statusCode).toBe(
      403,
    );
    const unknown = await post(t.admin, { document: { candidate_id: randomUUID() }, value: dataUrl(PNG) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('candidate_id');
  });
});

describe('PUT Documents/{id}', () => {
  it('changes the metadata and records the change; new content through value', async () => {
    const id = await uploadFile(t, t.applicant);
    const typeId = await documentType();
    const res = await put(t.applicant, id, {
      document: {
        name: 'My card.png',
        description: 'Front',
        document_type_id: typeId,
        expiration_date: '2001-02-03',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      updated: 1,
      document: { id, name: 'My card.png', description: 'Front', document_type_id: typeId, expired: true },
    });
    expect(await changesOf(id)).toEqual(['create', 'update']);

    const oldKey = (await rowOf(id)).storage_key;
    const replaced = await put(t.applicant, id, { document: {}, value: dataUrl(PDF) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().document).toMatchObject({ mime_type: 'application/pdf', size_bytes: PDF.length });
    expect((await content(t.applicant, id)).equals(PDF)).toBe(true);
    // The earlier content stays on disk, findable through the change log.
    expect(await storedFiles()).toContain(oldKey);
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.object_id, id))
      .orderBy(desc(dataChangeLog.seq))
      .limit(1);
    expect(log[0]?.before).toMatchObject({ storage_key: oldKey, mime_type: 'image/png' });
    expect(log[0]?.after).toMatchObject({ mime_type: 'application/pdf' });
  });

  it('locks: documents.write locks and unlocks; a locked document cannot be changed', async () => {
    const id = await uploadFile(t, t.applicant);
    expect((await put(t.applicant, id, { document: { locked: true } })).statusCode).toBe(403);
    const locked = await put(t.admin, id, { document: { locked: true, description: 'Checked' } });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().document).toMatchObject({ locked: true, description: 'Checked' });

    for (const [caller, body] of [
      [t.applicant, { document: { name: 'x.png' } }],
      [t.applicant, { document: { locked: false } }],
      [t.admin, { document: { name: 'x.png' } }],
      [t.admin, { document: { locked: false, name: 'x.png' } }],
    ] as const) {
      const res = await put(caller, id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', message: LOCKED });
    }
    expect((await del(t.applicant, id)).statusCode).toBe(409);
    expect((await del(t.admin, id)).json().error.message).toBe(LOCKED);

    const unlocked = await put(t.admin, id, { document: { locked: false } });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().document.locked).toBe(false);
    expect((await put(t.applicant, id, { document: { name: 'fine.png' } })).statusCode).toBe(200);
  });

  it('saveAll gives type and expiration to the other unlocked documents of the same response', async () => {
    const { response, question } = await createResponse(t, { userId: t.applicant.userId });
    const fields = { fb_response_id: response.id, question_id: question.id };
    const [a, b, c] = [
      await uploadFile(t, t.applicant, undefined, fields),
      await uploadFile(t, t.applicant, undefined, fields),
      await uploadFile(t, t.applicant, undefined, fields),
    ];
    await t.database.db.update(documents).set({ locked: true }).where(eq(documents.id, c!));
    const elsewhere = await uploadFile(t, t.applicant);
    const typeId = await documentType();
    const res = await put(t.applicant, a!, {
      document: { document_type_id: typeId, expiration_date: '2030-06-30' },
      saveAll: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated).toBe(2);
    expect(await rowOf(b!)).toMatchObject({ document_type_id: typeId, expiration_date: '2030-06-30' });
    expect(await rowOf(c!)).toMatchObject({ document_type_id: null, expiration_date: null });
    expect(await rowOf(elsewhere)).toMatchObject({ document_type_id: null });
    expect(await changesOf(b!)).toEqual(['create', 'update']);
  });

  it('saveAll outside a response reaches the same person’s documents of the same name', async () => {
    const same1 = await uploadFile(t, other, { name: 'ems-card.png', content: PNG });
    const same2 = await uploadFile(t, other, { name: 'ems-card.png', content: PNG });
    const otherName = await uploadFile(t, other, { name: 'photo.png', content: PNG });
    const otherPerson = await uploadFile(t, t.applicant, { name: 'ems-card.png', content: PNG });
    const typeId = await documentType();
    const res = await put(t.admin, same1, { document: { document_type_id: typeId }, saveAll: true });
    expect(res.json().updated).toBe(2);
    expect((await rowOf(same2)).document_type_id).toBe(typeId);
    expect((await rowOf(otherName)).document_type_id).toBeNull();
    expect((await rowOf(otherPerson)).document_type_id).toBeNull();
  });

  it('closes the documents of a submitted response to their owner', async () => {
    const { response } = await createResponse(t, { userId: t.applicant.userId });
    const id = await uploadFile(t, t.applicant, undefined, { fb_response_id: response.id });
    await t.database.db.update(fbResponses).set({ progress: 2 }).where(eq(fbResponses.id, response.id));
    const res = await put(t.applicant, id, { document: { name: 'late.png' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/was submitted/);
    expect((await del(t.applicant, id)).statusCode).toBe(403);
    expect((await put(t.admin, id, { document: { name: 'staff.png' } })).statusCode).toBe(200);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const id = await uploadFile(t, t.applicant);
    expect((await put(t.applicant, id, { document: { expiration_date: '2020-13-01' } })).statusCode).toBe(
      400,
    );
    expect((await put(t.applicant, id, { document: { name: '' } })).json().error.fields).toHaveProperty(
      'name',
    );
    expect((await put(t.applicant, 'x', { document: {} })).statusCode).toBe(400);
    expect((await put(null, id, { document: {} })).statusCode).toBe(401);
    expect((await put(reader, id, { document: { name: 'r.png' } })).statusCode).toBe(403);
    expect((await put(t.nobody, id, { document: { name: 'r.png' } })).statusCode).toBe(403);
    expect((await put(t.applicant, id, { document: { candidate_id: other.userId } })).statusCode).toBe(403);
    expect((await put(other, id, { document: { name: 'r.png' } })).statusCode).toBe(404);
    expect((await put(t.admin, randomUUID(), { document: {} })).statusCode).toBe(404);
    const unknown = await put(t.admin, id, { document: { candidate_id: randomUUID() } });
    expect(unknown.json().error.fields).toHaveProperty('candidate_id');
    const moved = await put(t.admin, id, { document: { user_id: other.userId } });
    expect(moved.json().document.candidate_id).toBe(other.userId);
  });
});

describe('DELETE Documents/{id}', () => {
  it('marks the document deleted and keeps its file; owners delete their own', async () => {
    const id = await uploadFile(t, t.applicant);
    const key = (await rowOf(id)).storage_key;
    const res = await del(t.applicant, id);
    expect(res.statusCode).toBe(204);
    expect((await rowOf(id)).deleted_at).toBeInstanceOf(Date);
    expect(await storedFiles()).toContain(key);
    expect((await t.call(t.applicant, { method: 'GET', url: `/api/Documents/${id}` })).statusCode).toBe(404);
    expect(await changesOf(id)).toEqual(['create', 'delete']);
    expect((await del(t.applicant, id)).statusCode).toBe(404);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const id = await uploadFile(t, t.applicant);
    expect((await del(t.applicant, 'x')).statusCode).toBe(400);
    expect((await del(null, id)).statusCode).toBe(401);
    expect((await del(reader, id)).statusCode).toBe(403);
    expect((await del(t.nobody, id)).statusCode).toBe(403);
    expect((await del(other, id)).statusCode).toBe(404);
    expect((await del(t.admin, randomUUID())).statusCode).toBe(404);
    expect((await del(t.admin, id)).statusCode).toBe(204);
  });
});

describe('POST Documents/createDocumentObject', () => {
  const attach = (caller: Caller | null, payload: unknown) =>
    t.call(caller, {
      method: 'POST',
      url: '/api/Documents/createDocumentObject',
      payload: payload as object,
    });

  it('attaches a document to a record of a kind, filling the matching column', async () => {
    const id = await uploadFile(t, t.applicant);
    const service = await createService(t, 'Attach EMS');
    const res = await attach(t.admin, { documentID: id, value: service.id, data_object: 'service' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data_object: 'service',
      data_object_id: service.id,
      service_id: service.id,
    });

    const [vehicle] = await t.database.db
      .insert(vehicles)
      .values({ enterprise_id: t.enterpriseId, serial_number: `VIN${Date.now()}` })
      .returning();
    const v = await attach(t.admin, { documentID: id, value: vehicle!.id, data_object: 'vehicle' });
    expect(v.json()).toMatchObject({
      data_object: 'vehicle',
      vehicle_id: vehicle!.id,
      service_id: service.id,
    });
    // An inspection of the enterprise (a made-up one is refused as no inspection).
    const madeUp = await attach(t.admin, { documentID: id, value: randomUUID(), data_object: 'inspection' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.fields).toHaveProperty('value');
    const inspectionId = await rowIn(t.database.db, ipInspections, t.enterpriseId);
    const i = await attach(t.admin, { documentID: id, value: inspectionId, data_object: 'inspection' });
    expect(i.json()).toMatchObject({ data_object: 'inspection', inspection_id: inspectionId });
    const { response } = await createResponse(t, { userId: t.applicant.userId });
    const r = await attach(t.admin, { documentID: id, value: response.id, data_object: 'response' });
    expect(r.json()).toMatchObject({ data_object: 'response', data_object_id: response.id });
    expect(await changesOf(id)).toEqual(['create', 'update', 'update', 'update', 'update']);
  });

  it('answers 400, 401, 403, 404 and 409', async () => {
    const id = await uploadFile(t, t.applicant);
    const missing = await attach(t.admin, {
      documentID: id,
      value: randomUUID(),
      data_object: 'license_request',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('value');
    expect(
      (await attach(t.admin, { documentID: id, value: t.applicant.userId, data_object: 'planet' })).json()
        .error.fields,
    ).toHaveProperty('data_object');
    expect((await attach(t.admin, { documentID: id, value: 'x', data_object: 'user' })).statusCode).toBe(400);
    expect(
      (await attach(null, { documentID: id, value: t.applicant.userId, data_object: 'user' })).statusCode,
    ).toBe(401);
    expect(
      (await attach(t.applicant, { documentID: id, value: t.applicant.userId, data_object: 'user' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await attach(t.admin, { documentID: randomUUID(), value: t.applicant.userId, data_object: 'user' }))
        .statusCode,
    ).toBe(404);
    await put(t.admin, id, { document: { locked: true } });
    const locked = await attach(t.admin, { documentID: id, value: t.applicant.userId, data_object: 'user' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(LOCKED);
  });
});
