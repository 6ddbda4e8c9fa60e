import {
  certification_levels,
  certifications,
  counties,
  dataChangeLog,
  securityGroupMembers,
  securityGroups,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let builder: Caller;
let viewer: Caller;
let editor: Caller;
let outsider: Caller;
let noCredentials: Caller;
let viewers: string;
let editors: string;
const missing = '00000000-0000-4000-8000-000000000001';

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

const paramedicsInTravis = (extra: Record<string, unknown> = {}) => ({
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

const save = (caller: Caller, query: Record<string, unknown>) =>
  t.call(caller, { method: 'POST', url: '/api/queries/save', payload: { query } });
const run = (caller: Caller, id: string, page = 1, numPerPage = 25) =>
  t.call(caller, { method: 'POST', url: `/api/queries/run/${id}`, payload: { page, numPerPage } });
const preview = (query: Record<string, unknown>, caller = builder) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/queries/preview',
    payload: { query, page: 1, numPerPage: 50 },
  });
const lastNames = (res: { json(): unknown }) => (res.json() as { rows: unknown[][] }).rows.map((r) => r[0]);

async function saved(query = paramedicsInTravis(), caller = builder) {
  const res = await save(caller, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; role: string; viewers: { id: string }[]; editors: { id: string }[] };
}

describe('the field catalogue', () => {
  it('lists the fields of a subject the caller may read, and one field with its choices', async () => {
    const all = await t.call(builder, { method: 'GET', url: '/api/queries/getfields/people' });
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((f: { id: string }) => f.id);
    expect(ids).toEqual(
      expect.arrayContaining(['people.last_name', 'people.county', 'people.certification_level']),
    );
    // Without requests.read the credential fields are not offered.
    const fewer = await t.call(noCredentials, { method: 'GET', url: '/api/queries/getfields/people' });
    expect(fewer.json().map((f: { id: string }) => f.id)).not.toContain('people.certification_level');

    const level = await t.call(builder, {
      method: 'GET',
      url: '/api/queries/getfield/people.certification_level',
    });
    expect(level.statusCode).toBe(200);
    expect(level.json().choices).toEqual(['EMT', 'Paramedic']);
    expect(level.json().operators).toContain('like');
    expect(
      (await t.call(builder, { method: 'GET', url: '/api/queries/getfield/people.shoe_size' })).statusCode,
    ).toBe(404);
    const bad = await t.call(builder, { method: 'GET', url: "/api/queries/getfield/people.x';drop" });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.call(noCredentials, { method: 'GET', url: '/api/queries/getfield/people.license' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(builder, { method: 'GET', url: '/api/queries/getfields/planets' })).statusCode).toBe(
      400,
    );
  });

  it('lists the security groups a query can be shared with', async () => {
    const res = await t.call(viewer, { method: 'GET', url: '/api/queries/getsecuritygroups' });
    expect(res.statusCode).toBe(403);
    const groups = await t.call(editor, { method: 'GET', url: '/api/queries/getsecuritygroups' });
    expect(groups.statusCode).toBe(200);
    const mine = groups.json().filter((g: { member: boolean }) => g.member);
    expect(mine.map((g: { label: string }) => g.label)).toEqual(['Query editors']);
  });
});

describe('building, saving and running', () => {
  it('previews, saves and runs a query of people by level and county a page at a time', async () => {
    const p = await preview(paramedicsInTravis());
    expect(p.statusCode, p.body).toBe(200);
    expect(lastNames(p)).toEqual(['Qxadams', 'Qxbrown', 'Qxcruz']);
    expect(p.json().columns.map((c: { label: string }) => c.label)).toEqual([
      'Last name',
      'First name',
      'County',
      'Level',
    ]);
    expect(p.json().rows[0]).toEqual(['Qxadams', 'Ana', 'Travis County', 'Paramedic']);

    const q = await saved(paramedicsInTravis({ viewers: [viewers], editors: [editors] }));
    expect(q.role).toBe('owner');
    expect(q.viewers.map((g) => g.id)).toEqual([viewers]);
    const page1 = await run(builder, q.id, 1, 2);
    expect(page1.statusCode).toBe(200);
    expect(lastNames(page1)).toEqual(['Qxadams', 'Qxbrown']);
    expect(page1.json()).toMatchObject({ total: 3, total_capped: false, page: 1, numPerPage: 2 });
    expect(lastNames(await run(builder, q.id, 2, 2))).toEqual(['Qxcruz']);

    const one = await t.call(builder, { method: 'GET', url: `/api/queries/getquery/${q.id}` });
    expect(one.json()).toMatchObject({
      name: 'Paramedics in Travis County',
      subject: 'people',
      default_view: 'table',
    });
    const cols = await t.call(builder, { method: 'GET', url: `/api/queries/getcolumns/${q.id}` });
    expect(cols.json().map((c: { field_label: string }) => c.field_label)).toEqual([
      'Last name',
      'First name',
      'County',
      'Certification level',
    ]);
    const filters = await t.call(builder, { method: 'GET', url: `/api/queries/getfilters/${q.id}` });
    expect(filters.json()).toHaveLength(3);
    const adv = await t.call(builder, { method: 'GET', url: `/api/queries/getadvancedfilters/${q.id}` });
    expect(adv.json()).toEqual([]);
    const fields = await t.call(builder, { method: 'GET', url: `/api/queries/getfields/${q.id}` });
    expect(fields.statusCode).toBe(200);
    for (const url of ['getquery', 'getcolumns', 'getfilters', 'getadvancedfilters', 'getfields'])
      expect(
        (await t.call(builder, { method: 'GET', url: `/api/queries/${url}/${missing}` })).statusCode,
      ).toBe(404);
    expect((await run(builder, missing)).statusCode).toBe(404);

    const logged = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'saved_queries'), eq(dataChangeLog.object_id, q.id)));
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('joins advanced filters with and/or and parentheses, and sorts descending', async () => {
    const advanced = [
      { field: 'people.county', operator: '=', value: 'Harris County', sort_order: 0, left_parenthesis: '(' },
      {
        field: 'people.county',
        operator: 'like',
        value: 'travis',
        sort_order: 1,
        and_flag: false,
        right_parenthesis: ')',
      },
      { field: 'people.certification_level', operator: '=', value: 'emt', sort_order: 2, and_flag: true },
    ];
    const query = paramedicsInTravis({
      query_column_values: [{ field: 'people.last_name', sort_order: 0, sort: 'desc' }],
      query_filter_values: [{ field: 'people.last_name', operator: 'like', value: 'Qx' }],
      query_advanced_filter_values: advanced,
    });
    const res = await preview(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(lastNames(res)).toEqual(['Qxdiaz']);
    // Without the parentheses AND binds tighter: anyone in Harris, or Travis EMTs.
    const loose = await preview({
      ...query,
      query_advanced_filter_values: advanced.map((v) => ({
        ...v,
        left_parenthesis: null,
        right_parenthesis: null,
      })),
    });
    expect(lastNames(loose)).toEqual(['Qxevans', 'Qxdiaz']);
    const unbalanced = await preview({
      ...query,
      query_advanced_filter_values: advanced.slice(0, 1),
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().error.fields).toHaveProperty('query_advanced_filter_values');
    const dates = await preview({
      ...query,
      query_advanced_filter_values: [
        { field: 'people.certification_expiration', operator: '>', value: '2030-01-01', sort_order: 0 },
      ],
    });
    expect(lastNames(dates)).toHaveLength(5);
  });

  it('holds every row to the licence rules named as criteria', async () => {
    const rule = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenserules',
      payload: {
        license_rule: {
          name: 'Lives in Harris County',
          license_rule_field_values: [
            {
              sort_order: 1,
              operator: '=',
              value: '48201',
              license_rule_field: {
                name: 'County',
                table_name: 'users',
                field_name: 'county_fips',
                format: 'string',
                entity: 'user',
              },
            },
          ],
        },
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const query = paramedicsInTravis({
      query_filter_values: [{ field: 'people.last_name', operator: 'like', value: 'Qx' }],
      query_criteria: [{ license_rule_id: rule.json().id }],
    });
    const res = await preview(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(lastNames(res)).toEqual(['Qxevans']);
    const forVehicles = await preview({
      ...query,
      subject: 'vehicles',
      query_column_values: [{ field: 'vehicles.make', sort_order: 0 }],
      query_filter_values: [],
      chart_field: null,
    });
    expect(forVehicles.statusCode).toBe(400);
    expect(forVehicles.json().error.fields).toHaveProperty(['query_criteria.0.license_rule_id']);
  });

  it('charts one column and exports every row as CSV and XLSX', async () => {
    const q = await saved(
      paramedicsInTravis({
        query_filter_values: [{ field: 'people.last_name', operator: 'like', value: 'Qx' }],
      }),
    );
    const chart = await t.call(builder, { method: 'GET', url: `/api/queries/chart/${q.id}` });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json().points).toEqual([
      { value: 'Travis County', count: 4 },
      { value: 'Harris County', count: 1 },
    ]);
    const byLevel = await t.call(builder, {
      method: 'GET',
      url: `/api/queries/chart/${q.id}?field=people.certification_level&kind=line`,
    });
    expect(byLevel.json()).toMatchObject({
      kind: 'line',
      points: [
        { value: 'EMT', count: 1 },
        { value: 'Paramedic', count: 4 },
      ],
    });
    expect(
      (await t.call(builder, { method: 'GET', url: `/api/queries/chart/${q.id}?field=services.name` }))
        .statusCode,
    ).toBe(400);

    const csv = await t.call(builder, { method: 'GET', url: `/api/queries/export/${q.id}?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')).toEqual([
      'Last name,First name,County,Level',
      'Qxadams,Ana,Travis County,Paramedic',
      'Qxbrown,Ben,Travis County,Paramedic',
      'Qxcruz,Cy,Travis County,Paramedic',
      'Qxdiaz,Di,Travis County,EMT',
      'Qxevans,Ed,Harris County,Paramedic',
    ]);
    const xlsx = await t.call(builder, { method: 'GET', url: `/api/queries/export/${q.id}?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Results')!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Last name', 'First name', 'County', 'Level']);
    expect(sheet.getRow(6).getCell(1).value).toBe('Qxevans');
    expect(
      (await t.call(builder, { method: 'GET', url: `/api/queries/export/${q.id}?format=pdf` })).statusCode,
    ).toBe(400);
  });
});

describe('sharing', () => {
  it('lets viewers run, editors change and only the owner share or delete; others do not see it', async () => {
    const q = await saved(paramedicsInTravis({ viewers: [viewers], editors: [editors] }));
    const shared = await t.call(viewer, { method: 'GET', url: '/api/queries/getqueries?state=shared' });
    expect(shared.json().map((x: { id: string }) => x.id)).toContain(q.id);
    expect(shared.json().find((x: { id: string }) => x.id === q.id).role).toBe('viewer');
    expect(
      (await t.call(viewer, { method: 'GET', url: '/api/queries/getqueries?state=mine' })).json(),
    ).toEqual([]);
    expect(lastNames(await run(viewer, q.id))).toEqual(['Qxadams', 'Qxbrown', 'Qxcruz']);
    // A viewer cannot change it (not even holding queries.write elsewhere would help: the role decides).
    expect((await save(viewer, { ...paramedicsInTravis(), id: q.id, name: 'Mine now' })).statusCode).toBe(
      403,
    );
    expect((await t.call(viewer, { method: 'DELETE', url: `/api/queries/delete/${q.id}` })).statusCode).toBe(
      403,
    );

    const renamed = await save(editor, {
      ...paramedicsInTravis(),
      id: q.id,
      name: 'Travis paramedics',
      viewers: [],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Travis paramedics', role: 'editor' });
    // Sharing stays the owner's: the editor's empty viewers list changed nothing.
    expect(renamed.json().viewers.map((g: { id: string }) => g.id)).toEqual([viewers]);
    expect((await t.call(editor, { method: 'DELETE', url: `/api/queries/delete/${q.id}` })).statusCode).toBe(
      403,
    );

    for (const url of [
      `/api/queries/getquery/${q.id}`,
      `/api/queries/getcolumns/${q.id}`,
      `/api/queries/chart/${q.id}`,
    ])
      expect((await t.call(outsider, { method: 'GET', url })).statusCode).toBe(404);
    expect((await run(outsider, q.id)).statusCode).toBe(404);
    expect((await t.call(outsider, { method: 'GET', url: `/api/queries/export/${q.id}` })).statusCode).toBe(
      404,
    );
    expect((await save(outsider, { ...paramedicsInTravis(), id: q.id })).statusCode).toBe(404);
    const theirs = await t.call(outsider, { method: 'GET', url: '/api/queries/getqueries' });
    expect(theirs.json().map((x: { id: string }) => x.id)).not.toContain(q.id);

    // The owner removes the viewers' group: the viewer no longer sees it.
    const unshared = await save(builder, {
      ...paramedicsInTravis(),
      id: q.id,
      viewers: [],
      editors: [editors],
    });
    expect(unshared.json().viewers).toEqual([]);
    expect((await run(viewer, q.id)).statusCode).toBe(404);

    expect((await t.call(builder, { method: 'DELETE', url: `/api/queries/delete/${q.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.call(builder, { method: 'GET', url: `/api/queries/getquery/${q.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.call(builder, { method: 'DELETE', url: `/api/queries/delete/${q.id}` })).statusCode).toBe(
      404,
    );
    const log = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, q.id));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses fields the caller may not read and says which queries they can run', async () => {
    const refused = await save(noCredentials, paramedicsInTravis());
    expect(refused.statusCode).toBe(403);
    const q = await saved(paramedicsInTravis({ viewers: [viewers] }));
    await t.database.db
      .insert(securityGroupMembers)
      .values({ security_group_id: viewers, user_id: noCredentials.userId });
    const listed = await t.call(noCredentials, { method: 'GET', url: '/api/queries/getqueries' });
    expect(listed.json().find((x: { id: string }) => x.id === q.id).available).toBe(false);
    const available = await t.call(noCredentials, {
      method: 'GET',
      url: '/api/queries/getqueries?availableOnly=true',
    });
    expect(available.json().map((x: { id: string }) => x.id)).not.toContain(q.id);
    expect((await run(noCredentials, q.id)).statusCode).toBe(403);
  });
});

describe('guards', () => {
  it('answers 401 signed out and 403 without the queries permissions', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/queries/getqueries' })).statusCode).toBe(401);
    expect(
      (await t.call(null, { method: 'POST', url: `/api/queries/run/${missing}`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/queries/getqueries' })).statusCode).toBe(403);
    expect((await save(t.nobody, paramedicsInTravis())).statusCode).toBe(403);
    expect((await save(viewer, paramedicsInTravis())).statusCode).toBe(403);
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/queries/getqueries' })).statusCode).toBe(
      403,
    );
  });

  it('names the field of a bad query', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ subject: 'planets' }, 'subject'],
      [{ query_column_values: [] }, 'query_column_values'],
      [{ query_column_values: [{ field: 'services.name', sort_order: 0 }] }, 'query_column_values.0.field'],
      [
        { query_filter_values: [{ field: 'people.birth_date', operator: '>', value: 'soon' }] },
        'query_filter_values.0.value',
      ],
      [{ query_criteria: [{ license_rule_id: missing }] }, 'query_criteria.0.license_rule_id'],
      [{ viewers: [missing] }, 'viewers.0'],
    ];
    for (const [extra, field] of cases) {
      const res = await save(builder, paramedicsInTravis(extra));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(' '), field).toContain(field);
    }
    expect(
      (await t.call(builder, { method: 'GET', url: '/api/queries/getqueries?state=everything' })).statusCode,
    ).toBe(400);
    expect((await run(builder, missing, 0)).statusCode).toBe(400);
  });

  it('treats SQL metacharacters in every field as data (an empty result) or refuses them (400), never an error', async () => {
    const nasty = [
      "' or '1'='1",
      "'; drop table users; --",
      '%',
      '_',
      '\\',
      '"; select 1; --',
      ') or (1=1',
      "$1'::text",
    ];
    for (const value of nasty) {
      const q = paramedicsInTravis({
        name: value,
        description: value,
        query_column_values: [{ field: 'people.last_name', sort_order: 0, label: value }],
        query_filter_values: [
          { field: 'people.last_name', operator: 'like', value: 'Qx' },
          { field: 'people.first_name', operator: '=', value },
        ],
        query_advanced_filter_values: [{ field: 'people.county', operator: 'like', value, sort_order: 0 }],
      });
      const res = await preview(q);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(200);
      expect(res.json().rows).toEqual([]);
      const s = await save(builder, q);
      expect(s.statusCode, s.body).toBe(200);
      expect(s.json().name).toBe(value.trim());
      const ran = await run(builder, s.json().id);
      expect(ran.statusCode).toBe(200);
      expect(ran.json().rows).toEqual([]);
      // Where the text names SQL (fields, subject, operators, sort, parentheses, ids), it is refused.
      for (const extra of [
        { subject: value },
        { query_column_values: [{ field: value, sort_order: 0 }] },
        { query_column_values: [{ field: 'people.last_name', sort_order: 0, sort: value }] },
        { query_filter_values: [{ field: 'people.last_name', operator: value, value: 'x' }] },
        { query_filter_values: [{ field: `people.last_name${value}`, operator: '=', value: 'x' }] },
        {
          query_advanced_filter_values: [
            { field: 'people.last_name', operator: '=', value: 'x', sort_order: 0, left_parenthesis: value },
          ],
        },
        { chart_field: value },
        { default_view: value },
      ]) {
        const bad = await preview(paramedicsInTravis(extra));
        expect(bad.statusCode, `${JSON.stringify(extra)}: ${bad.body}`).toBe(400);
      }
      const encoded = encodeURIComponent(value);
      for (const url of [
        `/api/queries/getquery/${encoded}`,
        `/api/queries/getfield/${encoded}`,
        `/api/queries/getqueries?state=${encoded}`,
      ])
        expect((await t.call(builder, { method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});
