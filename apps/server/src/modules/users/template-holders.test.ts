import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let templateId: string;
beforeAll(async () => {
  t = await createTestContext();
  const created = await t.call(t.admin, {
    method: 'POST',
    url: '/api/securitytemplates',
    payload: { security_template: { label: 'Form builders', permissions: ['forms.read', 'forms.write'] } },
  });
  templateId = created.json().id;
});
afterAll(() => t?.close());

describe('security template holders', () => {
  it('adds and removes a holder, with the permissions following at once', async () => {
    const url = `/api/securitytemplates/${templateId}/holders`;
    expect((await t.call(t.admin, { method: 'GET', url })).json().total).toBe(0);
    const before = await t.call(t.nobody, { method: 'GET', url: '/api/userPermissions' });
    expect(before.json()).not.toContain('forms.write');

    const add = await t.call(t.admin, { method: 'POST', url, payload: { user_id: t.nobody.userId } });
    expect(add.json()).toEqual({ added: true });
    expect(
      (await t.call(t.admin, { method: 'POST', url, payload: { user_id: t.nobody.userId } })).json(),
    ).toEqual({
      added: false,
    });
    const list = await t.call(t.admin, { method: 'GET', url: `${url}?numPerPage=10` });
    expect(list.json().items.map((h: { id: string }) => h.id)).toEqual([t.nobody.userId]);
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/userPermissions' })).json()).toContain(
      'forms.write',
    );

    const removed = await t.call(t.admin, { method: 'DELETE', url: `${url}/${t.nobody.userId}` });
    expect(removed.json()).toEqual({ removed: true });
    expect((await t.call(t.nobody, { method: 'GET', url: '/api/userPermissions' })).json()).not.toContain(
      'forms.write',
    );
    const log = await t.call(t.admin, {
      method: 'GET',
      url: `/api/DataChangeLog?entity=user_security_templates&object_id=${t.nobody.userId}`,
    });
    expect(log.json().items.map((c: { action: string }) => c.action)).toEqual(['delete', 'create']);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const url = `/api/securitytemplates/${templateId}/holders`;
    const bad = await t.call(t.admin, { method: 'POST', url, payload: { user_id: randomUUID() } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['user_id']);
    expect((await t.call(t.admin, { method: 'POST', url, payload: {} })).statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url })).statusCode).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/securitytemplates/${randomUUID()}/holders` }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(t.admin, { method: 'DELETE', url: `${url}/${randomUUID()}` })).statusCode).toBe(404);
  });
});
