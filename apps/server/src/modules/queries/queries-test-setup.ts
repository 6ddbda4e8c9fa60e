// Shared setup of the query tests: each test file builds its own app and database through it.
import {
  certification_levels,
  certifications,
  counties,
  securityGroupMembers,
  securityGroups,
  users,
} from '@licensure/db';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
export let builder: Caller;
export let viewer: Caller;
export let editor: Caller;
export let outsider: Caller;
export let noCredentials: Caller;
export let viewers: string;
export let editors: string;
export const missing = '00000000-0000-4000-8000-000000000001';

/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupQueriesTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
    const reads = ['queries.read', 'users.read', 'requests.read'] as const;
    builder = await t.createCaller([...reads, 'queries.write']);
    viewer = await t.createCaller(reads);
    editor = await t.createCaller([...reads, 'queries.write']);
    outsider = await t.createCaller([...reads, 'queries.write']);
    noCredentials = await t.createCaller(['queries.read', 'queries.write', 'users.read']);
    const db = t.database.db;
    const [v, e] = await db
      .insert(securityGroups)
      .values([
        { enterprise_id: t.enterpriseId, label: 'Query viewers' },
        { enterprise_id: t.enterpriseId, label: 'Query editors' },
      ])
      .returning();
    viewers = v!.id;
    editors = e!.id;
    await db.insert(securityGroupMembers).values([
      { security_group_id: viewers, user_id: viewer.userId },
      { security_group_id: editors, user_id: editor.userId },
    ]);
    await db
      .insert(counties)
      .values([
        { fips: '48453', state_fips: '48', name: 'Travis County' },
        { fips: '48201', state_fips: '48', name: 'Harris County' },
      ])
      .onConflictDoNothing();
    const [paramedic, emt] = await db
      .insert(certification_levels)
      .values([
        { enterprise_id: t.enterpriseId, label: 'Paramedic' },
        { enterprise_id: t.enterpriseId, label: 'EMT' },
      ])
      .returning();
    const people = [
      ['Qxadams', 'Ana', '48453', paramedic!.id],
      ['Qxbrown', 'Ben', '48453', paramedic!.id],
      ['Qxcruz', 'Cy', '48453', paramedic!.id],
      ['Qxdiaz', 'Di', '48453', emt!.id],
      ['Qxevans', 'Ed', '48201', paramedic!.id],
    ] as const;
    for (const [last, first, fips, level] of people) {
      const [u] = await db
        .insert(users)
        .values({ enterprise_id: t.enterpriseId, last_name: last, first_name: first, county_fips: fips })
        .returning();
      await db.insert(certifications).values({
        enterprise_id: t.enterpriseId,
        user_id: u!.id,
        number: `N-${last}`,
        certification_level_id: level,
        expiration_date: '2030-06-30',
      });
    }
  }, 60_000);
  afterAll(async () => t?.close());
}

export const paramedicsInTravis = (extra: Record<string, unknown> = {}) => ({
  name: 'Paramedics in Travis County',
  subject: 'people',
  query_column_values: [
    { field: 'people.last_name', sort_order: 0, sort: 'asc' },
    { field: 'people.first_name', sort_order: 1 },
    { field: 'people.county', sort_order: 2 },
    { field: 'people.certification_level', sort_order: 3, label: 'Level' },
  ],
  query_filter_values: [
    { field: 'people.county', operator: '=', value: 'Travis County' },
    { field: 'people.certification_level', operator: '=', value: 'Paramedic' },
    { field: 'people.last_name', operator: 'like', value: 'Qx' },
  ],
  chart_field: 'people.county',
  ...extra,
});

export const save = (caller: Caller, query: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/queries/save', payload: { query } });
export const run = (caller: Caller, id: string, page = 1, numPerPage = 25) =>
  t.call(caller, { method: 'POST', url: `/api/queries/run/${id}`, payload: { page, numPerPage } });
export const preview = (query: Record<string, unknown>, caller = builder) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/queries/preview',
    payload: { query, page: 1, numPerPage: 50 },
  });
export const lastNames = (res: { json(): unknown }) =>
  (res.json() as { rows: unknown[][] }).rows.map((r) => r[0]);

export async function saved(query = paramedicsInTravis(), caller = builder) {
  const res = await save(caller, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; role: string; viewers: { id: string }[]; editors: { id: string }[] };
}
