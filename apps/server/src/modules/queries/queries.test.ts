import { dataChangeLog } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  builder,
  editor,
  editors,
  lastNames,
  missing,
  noCredentials,
  paramedicsInTravis,
  preview,
  run,
  saved,
  setupQueriesTests,
  t,
  viewer,
  viewers,
} from './queries-test-setup';

setupQueriesTests();

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
