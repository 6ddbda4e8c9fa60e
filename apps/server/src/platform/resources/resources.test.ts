import { randomUUID } from 'node:crypto';
import { type PermissionKey, type ResourceSpec, referenceLists } from '@licensure/contracts';
import { referenceTables } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realInput } from '../../test/reference-records';
import { invalidInput, sampleInput as randomSample } from '../../test/samples';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // Every kind already has a seeded question type, and kinds are unique: start from none.
  await t.database.db.delete(referenceTables.fb_question_types);
});
afterAll(async () => t?.close());

/** A sample input whose references name real records of the enterprise. */
const sampleInput = (spec: ResourceSpec) => realInput(t, spec);

/** A caller holding only the resource's read permission (created once per permission). */
const readers = new Map<PermissionKey, Promise<Caller>>();
function readerOf(spec: ResourceSpec): Promise<Caller> {
  let reader = readers.get(spec.read);
  if (!reader) {
    reader = t.createCaller([spec.read]);
    readers.set(spec.read, reader);
  }
  return reader;
}

const writable = referenceLists.filter((s) => !s.readOnly);

async function create(spec: ResourceSpec, given?: Record<string, unknown>) {
  const input = given ?? (await sampleInput(spec));
  const res = await t.call(t.admin, {
    method: 'POST',
    url: `/api/${spec.path}`,
    payload: { [spec.wrapper]: input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; updated_at: string };
}

describe.each(writable.map((s) => [s.key, s] as const))('%s', (_key, spec) => {
  it('creates, reads, lists, counts, updates and deletes, recording each change', async () => {
    const reader = await readerOf(spec);
    const input = await sampleInput(spec);
    const created = await create(spec, input);
    for (const f of spec.fields) if (f.kind !== 'uuids') expect(created[f.name]).toEqual(input[f.name]);
    expect(created.enterprise_id).toBe(t.enterpriseId);

    const got = await t.call(reader, { method: 'GET', url: `/api/${spec.path}/${created.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().id).toBe(created.id);

    const searchField = spec.searchable[0];
    const search = searchField ? String(input[searchField]) : '';
    const list = await t.call(reader, {
      method: 'GET',
      url: `/api/${spec.path.toUpperCase()}?numPerPage=5&search=${encodeURIComponent(search)}`,
    });
    expect(list.statusCode).toBe(200);
    const page = list.json() as { items: { id: string }[]; total: number; numPerPage: number };
    expect(page.numPerPage).toBe(5);
    if (searchField) expect(page.items.map((i) => i.id)).toContain(created.id);

    const count = await t.call(reader, { method: 'GET', url: `/api/${spec.path}/getCount` });
    expect(count.json().count).toBeGreaterThanOrEqual(1);

    const changed = await sampleInput(spec);
    const updated = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/${spec.path}/${created.id}`,
      payload: { [spec.wrapper]: { ...changed, updated_at: created.updated_at } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const textField = spec.fields.find((f) => f.kind === 'text' && !f.example);
    if (textField) expect(updated.json()[textField.name]).toBe(changed[textField.name]);

    const stale = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/${spec.path}/${created.id}`,
      payload: { [spec.wrapper]: { updated_at: created.updated_at } },
    });
    expect(stale.statusCode).toBe(409);

    const del = await t.call(t.admin, { method: 'DELETE', url: `/api/${spec.path}/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/${spec.path}/${created.id}` })).statusCode,
    ).toBe(404);

    const log = await t.call(t.admin, {
      method: 'GET',
      url: `/api/DataChangeLog?entity=${spec.key}&object_id=${created.id}`,
    });
    const actions = (log.json().items as { action: string; user_id: string }[]).map((c) => c.action);
    expect(actions).toEqual(['delete', 'update', 'create']);
    expect(log.json().items[0].user_id).toBe(t.admin.userId);
  });

  it('answers 400 naming the field, 401, 403 and 404', async () => {
    const reader = await readerOf(spec);
    const bad = invalidInput(spec);
    const res400 = await t.call(t.admin, {
      method: 'POST',
      url: `/api/${spec.path}`,
      payload: { [spec.wrapper]: bad.input },
    });
    expect(res400.statusCode).toBe(400);
    expect(res400.json().error.code).toBe('validation_failed');
    expect(Object.keys(res400.json().error.fields)).toContain(bad.field);

    const noWrapper = await t.call(t.admin, {
      method: 'POST',
      url: `/api/${spec.path}`,
      payload: randomSample(spec),
    });
    expect(noWrapper.statusCode).toBe(400);
    expect(noWrapper.json().error.fields).toHaveProperty(spec.wrapper);

    expect((await t.call(null, { method: 'GET', url: `/api/${spec.path}` })).statusCode).toBe(401);
    expect(
      (
        await t.call(null, {
          method: 'POST',
          url: `/api/${spec.path}`,
          payload: { [spec.wrapper]: randomSample(spec) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.call(t.nobody, { method: 'GET', url: `/api/${spec.path}` })).statusCode).toBe(403);
    const res403 = await t.call(reader, {
      method: 'POST',
      url: `/api/${spec.path}`,
      payload: { [spec.wrapper]: randomSample(spec) },
    });
    expect(res403.statusCode).toBe(403);
    expect(
      (await t.call(reader, { method: 'DELETE', url: `/api/${spec.path}/${randomUUID()}` })).statusCode,
    ).toBe(403);

    const missing = randomUUID();
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.call(t.admin, { method, url: `/api/${spec.path}/${missing}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const put404 = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/${spec.path}/${missing}`,
      payload: { [spec.wrapper]: {} },
    });
    expect(put404.statusCode).toBe(404);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/${spec.path}/not-a-uuid` })).statusCode).toBe(
      400,
    );
  });

  it.runIf(spec.unique.length > 0)('answers 409 on a duplicate, naming the field', async () => {
    const input = await sampleInput(spec);
    await create(spec, input);
    const duplicate = { ...(await sampleInput(spec)) };
    const set = spec.unique[0]!;
    for (const name of set) {
      const v = input[name];
      duplicate[name] =
        typeof v === 'string' ? (v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase()) : v;
    }
    // Fields with patterns keep their case-sensitive example; the index compares text case-insensitively.
    for (const name of set) {
      const field = spec.fields.find((f) => f.name === name);
      if (field?.pattern || field?.kind !== 'text') duplicate[name] = input[name];
    }
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/${spec.path}`,
      payload: { [spec.wrapper]: duplicate },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields).toHaveProperty(set.at(-1)!);
  });
});

describe('list paging, sorting and filtering', () => {
  it('pages with a stable order and rejects an unknown sortBy', async () => {
    const first = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/countries?numPerPage=10&currentPage=1&sortBy=label',
    });
    const second = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/countries?numPerPage=10&currentPage=2&sortBy=label',
    });
    const a = first.json().items as { label: string }[];
    const b = second.json().items as { label: string }[];
    expect(a).toHaveLength(10);
    expect(first.json().total).toBeGreaterThan(200);
    expect(a.at(-1)!.label.localeCompare(b[0]!.label)).toBeLessThanOrEqual(0);
    const all = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/countries?numPerPage=500&sortBy=label',
    });
    const reversed = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/countries?numPerPage=1&sortBy=label&reverse=true',
    });
    expect(reversed.json().items[0].label).toBe(all.json().items.at(-1).label);
    const labels = (all.json().items as { label: string }[]).map((i) => i.label);
    expect(labels.indexOf('zambia'.replace('z', 'Z'))).toBeLessThan(labels.indexOf('Zimbabwe'));
    expect(labels.indexOf('Canada')).toBeLessThan(labels.indexOf('Zimbabwe'));
    const bad = await t.call(t.reviewer, { method: 'GET', url: '/api/countries?sortBy=password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('sortBy');
    const tooBig = await t.call(t.reviewer, { method: 'GET', url: '/api/countries?numPerPage=100000' });
    expect(tooBig.statusCode).toBe(400);
  });

  it('filters by the declared parameters and keeps wildcards literal in search', async () => {
    const res = await t.call(t.reviewer, {
      method: 'GET',
      url: '/api/dataelements?data_section_name=gender&numPerPage=50',
    });
    const items = res.json().items as { data_section_name: string; label: string }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((i) => i.data_section_name))).toEqual(new Set(['gender']));
    const wild = await t.call(t.reviewer, { method: 'GET', url: '/api/countries?search=%25' });
    expect(wild.json().total).toBe(0);
  });

  it('scopes every list to the caller enterprise', async () => {
    const other = await t.database.db.transaction(async (tx) => {
      const { createEnterprise } = await import('@licensure/db');
      return createEnterprise(tx, { name: 'Other state' }, { referenceData: false });
    });
    const { alert_types } = await import('@licensure/db');
    await t.database.db
      .insert(alert_types)
      .values({ enterprise_id: other.id, label: 'Invisible elsewhere', severity: 'information' });
    const res = await t.call(t.reviewer, { method: 'GET', url: '/api/alerttypes?search=Invisible' });
    expect(res.json().total).toBe(0);
  });
});
