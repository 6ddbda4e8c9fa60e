// Shared setup of the lookup tests: each test file builds its own app and database through it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupLookupsTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());
}

export type Row = Record<string, unknown> & { id: string; label: string };

export const get = (url: string, caller: typeof t.admin | null = t.reviewer) =>
  t.call(caller, { method: 'GET', url });

export async function create(path: string, wrapper: string, input: Record<string, unknown>): Promise<Row> {
  const res = await t.call(t.admin, { method: 'POST', url: `/api/${path}`, payload: { [wrapper]: input } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

export async function findByLabel(path: string, label: string): Promise<Row> {
  const res = await get(`/api/${path}?search=${encodeURIComponent(label)}&numPerPage=50`, t.admin);
  const row = (res.json().items as Row[]).find((r) => r.label === label);
  if (!row) throw new Error(`${path}: no ${label}`);
  return row;
}

export const tag = () => randomUUID().slice(0, 6);
