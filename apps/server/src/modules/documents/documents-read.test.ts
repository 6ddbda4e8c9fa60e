import { randomUUID } from 'node:crypto';
import { documentAccessLog, documents, referenceTables } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, createResponse, PDF, PNG, upload, uploadFile } from './test-fixtures';

let t: TestContext;
let other: Caller;
let reader: Caller;
let mine: string;
let theirs: string;
beforeAll(async () => {
  t = await createFilesTestContext();
  [other, reader] = await Promise.all([
    t.createCaller([], { isStaff: false, isPortal: true }),
    // A document inherits the access of its record: people's (users.read), responses', inspections'.
    t.createCaller(['documents.read', 'users.read', 'responses.read', 'inspections.read']),
  ]);
  mine = await uploadFile(t, t.applicant, { name: 'Führerschein «neu».pdf', content: PDF });
  theirs = await uploadFile(t, other, { name: 'theirs.png', content: PNG });
});
afterAll(async () => t?.close());

const get = (caller: Caller | null, url: string) => t.call(caller, { method: 'GET', url });
const accessOf = (documentId: string) =>
  t.database.db.select().from(documentAccessLog).where(eq(documentAccessLog.document_id, documentId));

describe('GET Documents', () => {
  it('lists the caller’s own documents for portal users, everything for documents.read', async () => {
    const own = await get(t.applicant, '/api/Documents');
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((d: { id: string }) => d.id)).toEqual([mine]);
    expect(own.json().items[0]).not.toHaveProperty('storage_key');

    const all = await get(reader, '/api/Documents?numPerPage=100');
    const ids = all.json().items.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs]));
    const byPerson = await get(reader, `/api/Documents?candidate_id=${other.userId}`);
    expect(byPerson.json()).toMatchObject({ total: 1, items: [{ id: theirs }] });
    // A portal user may name themself, never another person.
    expect((await get(t.applicant, `/api/Documents?user_id=${t.applicant.userId}`)).json().total).toBe(1);
    expect((await get(t.applicant, `/api/Documents?user_id=${other.userId}`)).statusCode).toBe(403);
  });

  it('filters, searches by name, sorts and pages', async () => {
    const person = await t.createCaller([], { isStaff: false, isPortal: true });
    // A document type of the enterprise: a made-up one is refused.
    const [type] = await t.database.db
      .insert(referenceTables.document_types)
      .values({ enterprise_id: t.enterpriseId, label: `Card ${randomUUID().slice(0, 8)}` })
      .returning();
    const typeId = type!.id as string;
    const { response, question } = await createResponse(t, { userId: person.userId });
    const a = await uploadFile(
      t,
      t.admin,
      { name: 'b-card.png', content: PNG },
      {
        user_id: person.userId,
        document_type_id: typeId,
        expiration_date: '2031-01-01',
      },
    );
    const b = await uploadFile(
      t,
      person,
      { name: 'a-licence.pdf', content: PDF },
      {
        fb_response_id: response.id,
        question_id: question.id,
        expiration_date: '2030-01-01',
      },
    );
    const c = await uploadFile(t, person, { name: 'c 100% sure.pdf', content: PDF });
    await t.database.db
      .update(documents)
      .set({ locked: true, inspection_id: randomUUID() })
      .where(eq(documents.id, c));
    const list = async (query: string) => {
      const res = await get(t.admin, `/api/Documents?user_id=${person.userId}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((d: { id: string }) => d.id);
    };
    expect(await list('')).toEqual([c, b, a]);
    expect(await list('sortBy=name')).toEqual([b, a, c]);
    expect(await list('sortBy=name&reverse=true')).toEqual([c, a, b]);
    expect(await list('sortBy=expiration_date')).toEqual([b, a, c]);
    expect(await list('sortBy=created_at')).toEqual([a, b, c]);
    expect(await list(`document_type_id=${typeId}`)).toEqual([a]);
    expect(await list(`fb_response_id=${response.id}`)).toEqual([b]);
    expect(await list(`question_id=${question.id}`)).toEqual([b]);
    expect(await list('locked=true')).toEqual([c]);
    expect(await list('locked=false')).toEqual([b, a]);
    expect(await list('search=100%25')).toEqual([c]);
    expect(await list('search=LICENCE')).toEqual([b]);
    const page = await get(t.admin, `/api/Documents?user_id=${person.userId}&numPerPage=2&currentPage=2`);
    expect(page.json()).toMatchObject({ total: 3, currentPage: 2, numPerPage: 2, items: [{ id: a }] });
  });

  it('answers 400 for bad filters and 401 signed out', async () => {
    for (const q of ['sortBy=size', 'user_id=me', 'locked=maybe', 'currentPage=0', 'numPerPage=501']) {
      const res = await get(t.admin, `/api/Documents?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await get(t.admin, '/api/Documents?sortBy=size')).json().error.fields).toHaveProperty('sortBy');
    expect((await get(null, '/api/Documents')).statusCode).toBe(401);
  });
});

describe('GET Documents/{id}', () => {
  it('answers the owner and documents.read; another person’s is a 404 for portal users, 403 for staff', async () => {
    const res = await get(t.applicant, `/api/Documents/${mine}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine, name: 'Führerschein «neu».pdf', expired: false });
    expect((await get(reader, `/api/Documents/${mine}`)).statusCode).toBe(200);
    expect((await get(t.applicant, `/api/Documents/${theirs}`)).statusCode).toBe(404);
    expect((await get(t.nobody, `/api/Documents/${theirs}`)).statusCode).toBe(403);
    expect((await get(t.admin, `/api/Documents/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(t.admin, '/api/Documents/not-an-id')).statusCode).toBe(400);
    expect((await get(null, `/api/Documents/${mine}`)).statusCode).toBe(401);
  });
});

describe('GET Documents/{id}/content', () => {
  it('streams the bytes with the stored type and name, and logs the download', async () => {
    const res = await get(t.applicant, `/api/Documents/${mine}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="F_hrerschein _neu_.pdf"; filename*=UTF-8''F%C3%BChrerschein%20%C2%ABneu%C2%BB.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const log = await accessOf(mine);
    expect(log).toEqual([
      expect.objectContaining({
        user_id: t.applicant.userId,
        action: 'download',
        enterprise_id: t.enterpriseId,
      }),
    ]);
  });

  it('never gives a portal user another person’s file; 403 for staff without documents.read', async () => {
    const stolen = await get(t.applicant, `/api/Documents/${theirs}/content`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.rawPayload.includes(PNG)).toBe(false);
    expect((await get(t.nobody, `/api/Documents/${theirs}/content`)).statusCode).toBe(403);
    expect((await get(t.admin, `/api/Documents/${randomUUID()}/content`)).statusCode).toBe(404);
    expect((await get(t.admin, '/api/Documents/x/content')).statusCode).toBe(400);
    expect((await get(null, `/api/Documents/${theirs}/content`)).statusCode).toBe(401);
    expect((await accessOf(theirs)).length).toBe(0);
  });
});

describe('POST Documents/LogDocumentAccess and GET Documents/{id}/accesslog', () => {
  it('logs a read and shows who read the document, newest first, with names', async () => {
    const doc = await uploadFile(t, other, { name: 'log.png', content: PNG });
    const logged = await t.call(other, {
      method: 'POST',
      url: '/api/Documents/LogDocumentAccess',
      payload: { document_id: doc },
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.json()).toEqual({ logged: true });
    expect((await get(reader, `/api/Documents/${doc}/content`)).statusCode).toBe(200);
    const zip = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Core/Zip',
      payload: { documentIds: [doc] },
    });
    expect(zip.statusCode).toBe(200);

    const res = await get(reader, `/api/Documents/${doc}/accesslog`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['zip', 'download', 'logged']);
    expect(body.items.map((e: { user_id: string }) => e.user_id)).toEqual([
      t.admin.userId,
      reader.userId,
      other.userId,
    ]);
    expect(body.items[0].user_name).toEqual(expect.any(String));
    expect(body.items[0].user_name.length).toBeGreaterThan(0);
    const paged = await get(reader, `/api/Documents/${doc}/accesslog?numPerPage=1&currentPage=3`);
    expect(paged.json()).toMatchObject({ total: 3, items: [{ action: 'logged' }] });
  });

  it('answers 400, 401, 403 and 404', async () => {
    const log = (caller: Caller | null, payload: unknown) =>
      t.call(caller, { method: 'POST', url: '/api/Documents/LogDocumentAccess', payload: payload as object });
    expect((await log(t.applicant, { document_id: 'x' })).statusCode).toBe(400);
    expect((await log(t.applicant, {})).json().error.fields).toHaveProperty('document_id');
    expect((await log(null, { document_id: mine })).statusCode).toBe(401);
    // Another person's document: a 404 for everybody without documents.read.
    expect((await log(t.applicant, { document_id: theirs })).statusCode).toBe(404);
    expect((await log(t.nobody, { document_id: theirs })).statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/Documents/LogDocumentAccess',
      headers: { cookie: t.applicant.cookie },
      payload: { document_id: mine },
    });
    expect(noCsrf.statusCode).toBe(403);

    expect((await get(t.applicant, `/api/Documents/${mine}/accesslog`)).statusCode).toBe(403);
    expect((await get(null, `/api/Documents/${mine}/accesslog`)).statusCode).toBe(401);
    expect((await get(reader, `/api/Documents/${randomUUID()}/accesslog`)).statusCode).toBe(404);
    expect((await get(reader, '/api/Documents/x/accesslog')).statusCode).toBe(400);
    expect((await get(reader, `/api/Documents/${mine}/accesslog?numPerPage=0`)).statusCode).toBe(400);
  });
});

describe('GET Core/DocumentsByUser/{user_id}/{question_id} and Core/DocumentsByInspection/{id}', () => {
  it('answers a person’s documents for a question, to themself or documents.read', async () => {
    const { response, question } = await createResponse(t, { userId: other.userId });
    const doc = await uploadFile(
      t,
      other,
      { name: 'q.png', content: PNG },
      {
        fb_response_id: response.id,
        question_id: question.id,
      },
    );
    const url = `/api/Core/DocumentsByUser/${other.userId}/${question.id}`;
    const own = await get(other, url);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((d: { id: string }) => d.id)).toEqual([doc]);
    expect((await get(reader, url)).json().map((d: { id: string }) => d.id)).toEqual([doc]);
    expect((await get(t.applicant, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(reader, `/api/Core/DocumentsByUser/${randomUUID()}/${question.id}`)).statusCode).toBe(
      404,
    );
    expect((await get(reader, `/api/Core/DocumentsByUser/${other.userId}/nope`)).statusCode).toBe(400);
    expect((await get(reader, `/api/Core/DocumentsByUser/${other.userId}/${randomUUID()}`)).json()).toEqual(
      [],
    );
  });

  it('answers the documents of an inspection to documents.read', async () => {
    const inspectionId = randomUUID();
    const doc = await uploadFile(t, t.admin, { name: 'inspection.pdf', content: PDF });
    await t.database.db.update(documents).set({ inspection_id: inspectionId }).where(eq(documents.id, doc));
    const url = `/api/Core/DocumentsByInspection/${inspectionId}`;
    const res = await get(reader, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([{ id: doc, inspection_id: inspectionId }]);
    expect((await get(reader, `/api/Core/DocumentsByInspection/${randomUUID()}`)).json()).toEqual([]);
    expect((await get(t.applicant, url)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(reader, '/api/Core/DocumentsByInspection/x')).statusCode).toBe(400);
  });
});

describe('portal isolation', () => {
  it('a portal user never sees another person’s document, in any list', async () => {
    const lists = [
      '/api/Documents?numPerPage=500',
      `/api/Documents?user_id=${t.applicant.userId}&numPerPage=500`,
      '/api/Documents?search=theirs',
    ];
    for (const url of lists) {
      const res = await get(t.applicant, url);
      expect(res.statusCode, url).toBe(200);
      for (const d of res.json().items) expect(d.candidate_id, url).toBe(t.applicant.userId);
    }
    const upload404 = await upload(
      t,
      t.applicant,
      { name: 'x.png', content: PNG },
      { candidate_id: other.userId },
    );
    expect(upload404.statusCode).toBe(403);
  });
});
