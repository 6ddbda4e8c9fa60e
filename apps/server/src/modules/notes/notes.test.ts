import { dataChangeLog, notes } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const post = (note: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/Notes', payload: { note } });

describe('Notes', () => {
  it('writes a note on a service, lists it, edits its text and deletes it (kept, marked deleted)', async () => {
    const f = fixtures(t);
    const s = await f.service();
    const created = await post({ service_id: s.id, value: 'Called about the renewal.' });
    expect(created.statusCode, created.body).toBe(201);
    const n = created.json();
    expect(n).toMatchObject({
      service_id: s.id,
      created_by: t.admin.userId,
      value: 'Called about the renewal.',
    });
    expect(n.author_name).toBeTruthy();

    const list = await t.call(t.admin, { method: 'GET', url: `/api/Notes?service_id=${s.id}&reverse=true` });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: n.id }] });
    const edited = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/notes/${n.id}`,
      payload: { note: { value: 'Called twice.', updated_at: n.updated_at } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ value: 'Called twice.', service_id: s.id });

    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/Notes/${n.id}` })).statusCode).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Notes/${n.id}` })).statusCode).toBe(404);
    const [kept] = await t.database.db.select().from(notes).where(eq(notes.id, n.id));
    expect(kept!.deleted_at).toBeInstanceOf(Date);
    const log = await t.database.db
      .select({ action: dataChangeLog.action })
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'notes'), eq(dataChangeLog.object_id, n.id)));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('answers 400 for a note on nothing, on two records, empty or on a missing record', async () => {
    const f = fixtures(t);
    const s = await f.service();
    expect((await post({ value: 'x' })).json().error.fields).toHaveProperty('user_id');
    expect((await post({ service_id: s.id, user_id: t.applicant.userId, value: 'x' })).statusCode).toBe(400);
    expect((await post({ service_id: s.id, value: '  ' })).json().error.fields).toHaveProperty('value');
    const missing = await post({ vehicle_id: '00000000-0000-4000-8000-000000000009', value: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('vehicle_id');
  });

  it('answers 401, 403 (reviewers without notes permissions, portal users) and 404', async () => {
    const n = (await post({ user_id: t.applicant.userId, value: 'Internal remark' })).json();
    expect((await t.call(null, { method: 'GET', url: '/api/Notes' })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/Notes' })).statusCode).toBe(403);
    expect((await post({ user_id: t.applicant.userId, value: 'x' }, t.reviewer)).statusCode).toBe(403);
    // A portal user never reads staff notes, not even those about themself.
    expect((await t.call(t.applicant, { method: 'GET', url: `/api/Notes/${n.id}` })).statusCode).toBe(403);
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/Notes?user_id=${t.applicant.userId}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/Notes/00000000-0000-4000-8000-000000000009' }))
        .statusCode,
    ).toBe(404);
  });
});
