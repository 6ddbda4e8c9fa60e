import { dataChangeLog } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { lineBreakIn } from './record-change';

/** Single-line free text recorded in the change log (a reason) never carries CR or LF. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

async function level(label: string) {
  const created = await t.call(t.admin, {
    method: 'POST',
    url: '/api/Levels',
    payload: { level: { label } },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}
const deletions = (id: string) =>
  t.database.db
    .select()
    .from(dataChangeLog)
    .where(and(eq(dataChangeLog.object_id, id), eq(dataChangeLog.action, 'delete')));

describe('the change log', () => {
  it('refuses a reason with a line break (query or body) with 400 naming reason, and keeps the record', async () => {
    const id = await level('Line break level');
    for (const reason of ['Duplicate\r\n2024-01-01 admin deleted everything', 'Duplicate\nforged', 'a\rb']) {
      const asQuery = await t.call(t.admin, {
        method: 'DELETE',
        url: `/api/Levels/${id}?reason=${encodeURIComponent(reason)}`,
      });
      expect(asQuery.statusCode, asQuery.body).toBe(400);
      expect(asQuery.json().error.fields).toEqual({ reason: 'reason must be on one line' });
      const asBody = await t.call(t.admin, {
        method: 'DELETE',
        url: `/api/Levels/${id}`,
        payload: { reason },
      });
      expect(asBody.statusCode, asBody.body).toBe(400);
      expect(asBody.json().error.fields).toHaveProperty('reason');
    }
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Levels/${id}` })).statusCode).toBe(200);
    expect(await deletions(id)).toEqual([]);

    const ok = await t.call(t.admin, { method: 'DELETE', url: `/api/Levels/${id}?reason=Duplicate` });
    expect(ok.statusCode).toBe(204);
    const [logged] = await deletions(id);
    expect(logged!.after).toMatchObject({ delete_reason: 'Duplicate' });
  });

  it('names the single-line field holding a line break; multi-line notes keep theirs', () => {
    expect(lineBreakIn({ delete_reason: 'a\nb' })).toBe('reason');
    expect(lineBreakIn({ reject_reason: 'a\rb', note: 'x' })).toBe('reason');
    expect(lineBreakIn({ reason: 'a\r\nb' })).toBe('reason');
    expect(
      lineBreakIn({ delete_reason: 'one line', note: 'first\nsecond', description: 'a\r\nb' }),
    ).toBeNull();
    expect(lineBreakIn(null)).toBeNull();
    expect(lineBreakIn(['a\nb'])).toBeNull();
  });
});
