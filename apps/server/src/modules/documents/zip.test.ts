import { randomUUID } from 'node:crypto';
import { documentAccessLog, documents } from '@licensure/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';
import { createFilesTestContext, PDF, PNG, unzipEntries, uploadFile } from './test-fixtures';
import { uniqueNames } from './zip-documents';

let t: TestContext;
let other: Caller;
beforeAll(async () => {
  t = await createFilesTestContext();
  other = await t.createCaller([], { isStaff: false, isPortal: true });
});
afterAll(async () => t?.close());

const zip = (caller: Caller | null, documentIds: unknown) =>
  t.call(caller, { method: 'POST', url: '/api/Core/Zip', payload: { documentIds } });
const zipLogOf = (ids: string[]) =>
  t.database.db.select().from(documentAccessLog).where(inArray(documentAccessLog.document_id, ids));

describe('uniqueNames', () => {
  it('numbers repeated names before the extension, ignoring case and folders', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b', '../x/a (2).pdf'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
      'b (2)',
      'a (2) (2).pdf',
    ]);
  });
});

describe('POST Core/Zip', () => {
  it('streams a real zip of the chosen documents with unique names and logs each read', async () => {
    const a1 = await uploadFile(t, t.applicant, { name: 'a.pdf', content: PDF });
    const a2 = await uploadFile(t, t.applicant, { name: 'a.pdf', content: PNG });
    const card = await uploadFile(t, t.applicant, { name: 'card.png', content: PNG });
    const res = await zip(t.applicant, [a1, a2, card, a1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('documents.zip');
    const entries = await unzipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual(['a.pdf', 'a (2).pdf', 'card.png']);
    expect(entries.get('a.pdf')?.equals(PDF)).toBe(true);
    expect(entries.get('a (2).pdf')?.equals(PNG)).toBe(true);
    expect(entries.get('card.png')?.equals(PNG)).toBe(true);
    const log = await zipLogOf([a1, a2, card]);
    expect(log.map((l) => [l.document_id, l.action, l.user_id]).sort()).toEqual(
      [
        [a1, 'zip', t.applicant.userId],
        [a2, 'zip', t.applicant.userId],
        [card, 'zip', t.applicant.userId],
      ].sort(),
    );
  });

  it('staff with documents.read (and users.read, for people’s documents) zip anyone’s documents', async () => {
    const reader = await t.createCaller(['documents.read', 'users.read']);
    const theirs = await uploadFile(t, other, { name: 'theirs.pdf', content: PDF });
    const res = await zip(reader, [theirs]);
    expect(res.statusCode).toBe(200);
    expect([...(await unzipEntries(res.rawPayload)).keys()]).toEqual(['theirs.pdf']);
  });

  it('sends nothing when any document is not the caller’s: 404 naming documentIds, no log', async () => {
    const mine = await uploadFile(t, t.applicant, { name: 'mine.pdf', content: PDF });
    const theirs = await uploadFile(t, other, { name: 'secret.pdf', content: PDF });
    const deleted = await uploadFile(t, t.applicant, { name: 'gone.pdf', content: PDF });
    await t.database.db.update(documents).set({ deleted_at: new Date() }).where(eq(documents.id, deleted));
    for (const ids of [[mine, theirs], [mine, randomUUID()], [deleted]]) {
      const res = await zip(t.applicant, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.fields).toHaveProperty('documentIds');
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect(await zipLogOf([mine, theirs, deleted])).toEqual([]);
    // Staff without documents.read are held to their own documents too.
    expect((await zip(t.nobody, [theirs])).statusCode).toBe(404);
  });

  it('answers 400 for no ids, bad ids or more than 200, 401 signed out, 403 without the CSRF token', async () => {
    const mine = await uploadFile(t, t.applicant, { name: 'm.pdf', content: PDF });
    for (const ids of [[], ['x'], 'nope', Array.from({ length: 201 }, () => randomUUID())]) {
      const res = await zip(t.applicant, ids);
      expect(res.statusCode).toBe(400);
      // The whole path of the field: `documentIds` itself, or `documentIds.0` for a bad id.
      expect(Object.keys(res.json().error.fields)[0]).toMatch(/^documentIds(\.\d+)?$/);
    }
    expect((await zip(null, [mine])).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/Core/Zip',
      headers: { cookie: t.applicant.cookie },
      payload: { documentIds: [mine] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
