import { dataChangeLog, securityGroupMembers } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  builder,
  editor,
  editors,
  lastNames,
  missing,
  noCredentials,
  outsider,
  paramedicsInTravis,
  preview,
  run,
  save,
  saved,
  setupQueriesTests,
  t,
  viewer,
  viewers,
} from './queries-test-setup';

setupQueriesTests();

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
