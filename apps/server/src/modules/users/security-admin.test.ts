import { createUser, dataChangeLog, security_template_permissions } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const template = (extra: Record<string, unknown> = {}) => ({
  security_template: {
    label: 'Licensing clerks',
    description: 'Reads people',
    permissions: ['users.read'],
    ...extra,
  },
});

describe('security templates', () => {
  it('creates, reads, lists, replaces permissions and deletes, with the change log', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().permissions).toEqual(['users.read']);

    const got = await t.call(t.admin, { method: 'GET', url: `/api/securitytemplates/${id}` });
    expect(got.json()).toMatchObject({ label: 'Licensing clerks', is_portal_default: false });
    const list = await t.call(t.admin, { method: 'GET', url: '/api/securitytemplates?search=clerk' });
    expect(list.json().total).toBe(1);
    expect(list.json().items[0].id).toBe(id);

    const updated = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/securitytemplates/${id}`,
      payload: template({ permissions: ['users.write', 'users.read', 'users.write'] }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().permissions).toEqual(['users.read', 'users.write']);
    const rows = await t.database.db
      .select()
      .from(security_template_permissions)
      .where(eq(security_template_permissions.security_template_id, id));
    expect(rows.map((r) => r.permission_key).sort()).toEqual(['users.read', 'users.write']);

    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/securitytemplates/${id}` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/securitytemplates/${id}` })).statusCode).toBe(
      404,
    );
    const log = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.object_id, id));
    expect(log.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
    // The change log shows the permissions granted before and after, as the record answers them.
    const update = log.find((l) => l.action === 'update');
    expect(update?.before).toMatchObject({ permissions: ['users.read'] });
    expect(update?.after).toMatchObject({ permissions: ['users.read', 'users.write'] });
    expect(log.find((l) => l.action === 'delete')?.before).toMatchObject({ label: 'Licensing clerks' });
  });

  it('refuses a stale update (409) and an unknown sort (400)', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template({ label: 'Stale check' }),
    });
    const id = created.json().id as string;
    const stale = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/securitytemplates/${id}`,
      payload: {
        security_template: {
          ...template({ label: 'Stale check' }).security_template,
          updated_at: '2000-01-01T00:00:00.000Z',
        },
      },
    });
    expect(stale.statusCode).toBe(409);
    const sorted = await t.call(t.admin, { method: 'GET', url: '/api/securitytemplates?sortBy=nope' });
    expect(sorted.statusCode).toBe(400);
    const count = await t.call(t.admin, {
      method: 'GET',
      url: '/api/securitytemplates/getCount?search=stale',
    });
    expect(count.json()).toEqual({ count: 1 });
  });

  it('refuses unknown permission keys (400), duplicates (409), and non-administrators (401/403)', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template({ label: 'Bad', permissions: ['users.read', 'everything.all'] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('permissions');
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template({ label: 'Twice' }),
    });
    const dup = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template({ label: 'TWICE' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('label');
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/securitytemplates' })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/securitytemplates' })).statusCode).toBe(401);
    expect(
      (
        await t.call(t.admin, {
          method: 'PUT',
          url: '/api/securitytemplates/00000000-0000-4000-8000-000000000001',
          payload: template(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('makes permission changes take effect at once for signed-in people', async () => {
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitytemplates',
      payload: template({ label: 'Live change', permissions: [] }),
    });
    const id = created.json().id as string;
    const person = await t.createCaller([]);
    await t.call(t.admin, {
      method: 'PUT',
      url: `/api/users/${person.userId}`,
      payload: { user: { first_name: 'Live', last_name: 'Change', security_template_ids: [id] } },
    });
    expect((await t.call(person, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    await t.call(t.admin, {
      method: 'PUT',
      url: `/api/securitytemplates/${id}`,
      payload: template({ label: 'Live change' }),
    });
    expect((await t.call(person, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const perms = await t.call(person, { method: 'GET', url: '/api/userPermissions' });
    expect(perms.json()).toEqual(['users.read']);
    await t.call(t.admin, { method: 'DELETE', url: `/api/securitytemplates/${id}` });
    expect((await t.call(person, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });
});

describe('security groups', () => {
  it('creates with members, replaces them, lists, and deletes', async () => {
    const a = await createUser(t.database.db, t.enterpriseId);
    const b = await createUser(t.database.db, t.enterpriseId);
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitygroups',
      payload: { security_group: { label: 'Query viewers', user_ids: [a.id] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().user_ids).toEqual([a.id]);
    const updated = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/securitygroups/${id}`,
      payload: {
        security_group: { label: 'Query viewers', description: 'See shared queries', user_ids: [b.id, a.id] },
      },
    });
    expect(updated.json().user_ids).toEqual([a.id, b.id].sort());
    expect(updated.json().description).toBe('See shared queries');
    const list = await t.call(t.admin, { method: 'GET', url: '/api/securitygroups?search=viewers' });
    expect(list.json().items.map((g: { id: string }) => g.id)).toEqual([id]);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/securitygroups/${id}` })).json().label).toBe(
      'Query viewers',
    );
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/securitygroups/${id}` })).statusCode).toBe(
      204,
    );
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/securitygroups/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('answers 400 for unknown members or a missing label, 409 for a duplicate, 403 without security.admin', async () => {
    const unknown = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitygroups',
      payload: { security_group: { label: 'Ghosts', user_ids: ['00000000-0000-4000-8000-000000000001'] } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('user_ids');
    const noLabel = await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitygroups',
      payload: { security_group: { label: '' } },
    });
    expect(noLabel.json().error.fields).toHaveProperty('label');
    await t.call(t.admin, {
      method: 'POST',
      url: '/api/securitygroups',
      payload: { security_group: { label: 'Same' } },
    });
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/securitygroups',
          payload: { security_group: { label: 'same' } },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.call(t.reviewer, {
          method: 'POST',
          url: '/api/securitygroups',
          payload: { security_group: { label: 'X' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(t.admin, { method: 'GET', url: '/api/securitygroups/not-an-id' })).statusCode).toBe(
      400,
    );
  });
});
