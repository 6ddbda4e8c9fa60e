import { dataChangeLog, documentAccessLog, documents } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, PDF, uploadFile } from '../documents/test-fixtures';
import { type BuiltPacket, buildPacket, createExamLicence } from './test-fixtures';

let t: TestContext;
let writer: Caller;
let reader: Caller;
let built: BuiltPacket;
const missing = '00000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  t = await createFilesTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write']);
  reader = await t.createCaller(['exams.read']);
  built = await buildPacket(t, writer, (await createExamLicence(t)).levelId);
}, 60_000);
afterAll(async () => t?.close());

async function newSession(session_date: string, name = 'Psychomotor') {
  const res = await t.call(writer, {
    method: 'POST',
    url: '/api/ExamSessions',
    payload: { exam_session: { name, session_date, exam_packet_id: built.packet.id, capacity: 4 } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('the sessions of a month (the calendar)', () => {
  it('lists sessions from and to a date, both days included; a bad date is a 400 naming it', async () => {
    const first = await newSession('2031-03-01', 'First of March');
    const last = await newSession('2031-03-31', 'Last of March');
    await newSession('2031-04-01', 'April fool');
    await newSession('2031-02-28', 'End of February');
    const res = await t.call(reader, {
      method: 'GET',
      url: '/api/ExamSessions?from=2031-03-01&to=2031-03-31&numPerPage=500&sortBy=session_date',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((s: { id: string }) => s.id)).toEqual([first, last]);
    const bad = await t.call(reader, { method: 'GET', url: '/api/ExamSessions?from=March' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('from');
  });
});

describe('documents of a session', () => {
  it('are uploaded, attached by exam writers, listed, downloaded by exam readers (logged) and removed', async () => {
    const session = await newSession('2031-05-02');
    const url = `/api/ExamSessions/${session}/Documents`;
    const docId = await uploadFile(t, writer, { name: 'roster-sheet.pdf', content: PDF });
    const attached = await t.call(writer, { method: 'POST', url, payload: { document_id: docId } });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toEqual([
      expect.objectContaining({ id: docId, name: 'roster-sheet.pdf', mime_type: 'application/pdf' }),
    ]);
    // Attaching again changes nothing.
    expect(
      (await t.call(writer, { method: 'POST', url, payload: { document_id: docId } })).json(),
    ).toHaveLength(1);
    const listed = await t.call(reader, { method: 'GET', url });
    expect(listed.json().map((d: { id: string }) => d.id)).toEqual([docId]);

    // A reader of exams downloads it without documents.read; the read is logged.
    const file = await t.call(reader, { method: 'GET', url: `${url}/${docId}/content` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('roster-sheet.pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const reads = await t.database.db
      .select()
      .from(documentAccessLog)
      .where(and(eq(documentAccessLog.document_id, docId), eq(documentAccessLog.user_id, reader.userId)));
    expect(reads.map((r) => r.action)).toEqual(['download']);
    // Another session does not serve it.
    const other = await newSession('2031-05-03');
    expect(
      (await t.call(reader, { method: 'GET', url: `/api/ExamSessions/${other}/Documents/${docId}/content` }))
        .statusCode,
    ).toBe(404);

    expect((await t.call(reader, { method: 'DELETE', url: `${url}/${docId}` })).statusCode).toBe(403);
    expect((await t.call(writer, { method: 'DELETE', url: `${url}/${docId}` })).statusCode).toBe(204);
    expect((await t.call(reader, { method: 'GET', url })).json()).toEqual([]);
    expect((await t.call(writer, { method: 'DELETE', url: `${url}/${docId}` })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, docId));
    expect(row?.deleted_at).not.toBeNull();
    const log = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, docId));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuse someone else’s upload, a locked one, one of another record; 400, 401, 403 and 404', async () => {
    const session = await newSession('2031-05-04');
    const url = `/api/ExamSessions/${session}/Documents`;
    const attach = (caller: Caller | null, document_id: unknown, at = url) =>
      t.call(caller, { method: 'POST', url: at, payload: { document_id } });
    const applicants = await uploadFile(t, t.applicant, { name: 'id-card.pdf', content: PDF });
    expect((await attach(writer, applicants)).statusCode).toBe(403);
    const locked = await uploadFile(t, writer, { name: 'locked.pdf', content: PDF });
    await t.database.db.update(documents).set({ locked: true }).where(eq(documents.id, locked));
    expect((await attach(writer, locked)).statusCode).toBe(409);
    const elsewhere = await uploadFile(t, writer, { name: 'other.pdf', content: PDF });
    const other = await newSession('2031-05-05');
    expect((await attach(writer, elsewhere, `/api/ExamSessions/${other}/Documents`)).statusCode).toBe(200);
    const moved = await attach(writer, elsewhere);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toMatch(/belongs to another record/);

    const mine = await uploadFile(t, writer, { name: 'plan.pdf', content: PDF });
    expect((await attach(reader, mine)).statusCode).toBe(403);
    expect((await attach(null, mine)).statusCode).toBe(401);
    expect((await attach(t.applicant, mine)).statusCode).toBe(403);
    const bad = await attach(writer, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('document_id');
    expect((await attach(writer, missing)).statusCode).toBe(404);
    expect((await attach(writer, mine, `/api/ExamSessions/${missing}/Documents`)).statusCode).toBe(404);
    expect((await t.call(t.applicant, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: `${url}/${mine}/content` })).statusCode).toBe(401);
  });
});
