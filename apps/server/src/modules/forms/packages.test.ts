import { randomUUID } from 'node:crypto';
import { fbPackageForms } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createForm, insertResponse, sampleForm, tag } from './test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: Caller | null = t.admin,
) => t.call(caller, { method, url, ...(payload === undefined ? {} : { payload }) });

describe('FBPackages', () => {
  it('creates a package with its forms in the given order, reads, lists, changes and deletes it', async () => {
    const a = await createForm(t, sampleForm(`Alpha ${tag()}`).form);
    const b = await createForm(t, sampleForm(`Beta ${tag()}`).form);
    const name = `Initial licence ${tag()}`;
    const res = await call('POST', '/api/FBPackages', {
      package: {
        name,
        description: 'Everything a first application needs',
        forms: [
          { form_id: b.id, required: true },
          { form_id: a.id, required: false },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ name, active: true, description: 'Everything a first application needs' });
    expect(p.forms).toEqual([
      { id: b.id, name: b.name, required: true, sort_order: 0 },
      { id: a.id, name: a.name, required: false, sort_order: 1 },
    ]);
    expect((await call('GET', `/api/FBPackages/${p.id}`)).json()).toEqual(p);

    const list = await call('GET', `/api/FBPackages?search=${encodeURIComponent(name)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: p.id, forms: p.forms }] });
    expect((await call('GET', `/api/FBPackages/getCount?search=${encodeURIComponent(name)}`)).json()).toEqual(
      {
        count: 1,
      },
    );

    const change = await call('PUT', `/api/FBPackages/${p.id}`, {
      package: { name, active: false, forms: [{ form_id: a.id }], updated_at: p.updated_at },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({
      active: false,
      forms: [{ id: a.id, required: true, sort_order: 0 }],
    });
    const stale = await call('PUT', `/api/FBPackages/${p.id}`, {
      package: { name, forms: [], updated_at: p.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    const inactive = await call('GET', `/api/FBPackages?active=false&search=${encodeURIComponent(name)}`);
    expect(inactive.json().total).toBe(1);

    // A deleted form (kept because it has responses) drops out of the package's list.
    await insertResponse(t, a.id, 1);
    expect((await call('DELETE', `/api/fbforms/${a.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/FBPackages/${p.id}`)).json().forms).toEqual([]);

    expect((await call('DELETE', `/api/FBPackages/${p.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/FBPackages/${p.id}`)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(fbPackageForms).where(eq(fbPackageForms.package_id, p.id)),
    ).toEqual([]);
  });

  it('400 for a form put in twice, an unknown form or a bad body; 409 for a duplicate name', async () => {
    const a = await createForm(t, sampleForm().form);
    const twice = await call('POST', '/api/FBPackages', {
      package: { name: `Twice ${tag()}`, forms: [{ form_id: a.id }, { form_id: a.id }] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({
      'forms.1.form_id': 'A form can be put into a package only once.',
    });
    const unknown = await call('POST', '/api/FBPackages', {
      package: { name: `Unknown ${tag()}`, forms: [{ form_id: randomUUID() }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('forms.0.form_id');
    const noName = await call('POST', '/api/FBPackages', { package: { name: '' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty('name');
    const name = `Same ${tag()}`;
    expect((await call('POST', '/api/FBPackages', { package: { name } })).statusCode).toBe(201);
    const dup = await call('POST', '/api/FBPackages', { package: { name: name.toLowerCase() } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('name');
    expect((await call('GET', '/api/FBPackages?sortBy=nope')).statusCode).toBe(400);
  });

  it('401, 403 and 404', async () => {
    const created = await call('POST', '/api/FBPackages', { package: { name: `Access ${tag()}` } });
    const id = created.json().id;
    const body = { package: { name: 'x' } };
    expect((await call('GET', '/api/FBPackages', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/FBPackages', body, null)).statusCode).toBe(401);
    for (const caller of [t.nobody, t.applicant, t.reviewer]) {
      expect((await call('GET', '/api/FBPackages', undefined, caller)).statusCode).toBe(403);
      expect((await call('GET', `/api/FBPackages/${id}`, undefined, caller)).statusCode).toBe(403);
      expect((await call('POST', '/api/FBPackages', body, caller)).statusCode).toBe(403);
      expect((await call('PUT', `/api/FBPackages/${id}`, body, caller)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/FBPackages/${id}`, undefined, caller)).statusCode).toBe(403);
    }
    const missing = randomUUID();
    expect((await call('GET', `/api/FBPackages/${missing}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/FBPackages/${missing}`, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/FBPackages/${missing}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/fbpackages/nope')).statusCode).toBe(400);
  });
});
