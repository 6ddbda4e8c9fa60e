import { identityProviders } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../../test/test-app';
import { idpCert } from './test-keys';

let t: TestContext;
let security: Caller;

beforeAll(async () => {
  t = await createTestContext();
  security = await t.createCaller(['security.admin']);
});
afterAll(async () => {
  await t?.close();
});

const input = (over: Record<string, unknown> = {}) => ({
  identityProvider: {
    code: 'state-id',
    label: 'State ID',
    entry_point: 'https://idp.example.gov/sso',
    issuer: 'https://idp.example.gov/metadata',
    certificate: idpCert,
    ...over,
  },
});

describe('identityproviders', () => {
  it('creates, lists, reads, changes and retires an identity provider', async () => {
    const created = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input(),
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      code: 'state-id',
      for_portal: true,
      for_staff: false,
      provision_users: false,
      signature_algorithm: 'sha256',
      want_response_signed: true,
    });
    expect(body).not.toHaveProperty('enterprise_id');

    const list = await t.call(security, { method: 'GET', url: '/api/identityproviders?search=state' });
    expect(list.json()).toMatchObject({ total: 1, currentPage: 1, items: [{ id: body.id }] });

    const bare = idpCert.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const changed = await t.call(security, {
      method: 'PUT',
      url: `/api/identityproviders/${body.id}`,
      payload: input({
        label: 'State Login',
        certificate: bare,
        provision_users: true,
        email_attribute: 'mail',
        logout_url: 'https://idp.example.gov/slo',
      }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      label: 'State Login',
      provision_users: true,
      email_attribute: 'mail',
      logout_url: 'https://idp.example.gov/slo',
    });

    const publicList = await t.call(null, {
      method: 'GET',
      url: '/api/AdminModule/ListPublicIdentityProvider',
    });
    expect(publicList.json()).toEqual([expect.objectContaining({ code: 'state-id', label: 'State Login' })]);

    expect(
      (await t.call(security, { method: 'DELETE', url: `/api/identityproviders/${body.id}` })).statusCode,
    ).toBe(204);
    const after = await t.call(security, { method: 'GET', url: `/api/identityproviders/${body.id}` });
    expect(after.json().active).toBe(false);
    expect(
      (await t.call(null, { method: 'GET', url: '/api/AdminModule/ListPublicIdentityProvider' })).json(),
    ).toEqual([]);
  });

  it('answers 400 for a bad certificate, address or algorithm, and 409 for a code in use', async () => {
    const bad = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'x1', certificate: 'not a certificate' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('certificate');
    const url = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'x2', entry_point: 'nope' }),
    });
    expect(url.json().error.fields).toHaveProperty('entry_point');
    const slo = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'x4', logout_url: 'javascript:alert(1)' }),
    });
    expect(slo.json().error.fields).toHaveProperty('logout_url');
    const sha1 = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'x3', signature_algorithm: 'sha1' }),
    });
    expect(sha1.statusCode).toBe(400);
    await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'dup' }),
    });
    const dup = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'DUP' }),
    });
    expect(dup.statusCode).toBe(409);
  });

  it('answers 401 without a session, 403 without security.admin, 404 for an unknown id', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/identityproviders' })).statusCode).toBe(401);
    expect((await t.call(t.reviewer, { method: 'GET', url: '/api/identityproviders' })).statusCode).toBe(403);
    expect(
      (await t.call(t.applicant, { method: 'POST', url: '/api/identityproviders', payload: input() }))
        .statusCode,
    ).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.call(security, { method: 'GET', url: `/api/identityproviders/${missing}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(security, { method: 'PUT', url: `/api/identityproviders/${missing}`, payload: input() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(security, { method: 'DELETE', url: `/api/identityproviders/${missing}` })).statusCode,
    ).toBe(404);
  });
});

describe('what the fuzz guard and the attacker send', () => {
  it('refuses an entry point that is not an http(s) address, as logout_url does', async () => {
    for (const entry_point of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
    ]) {
      const res = await t.call(security, {
        method: 'POST',
        url: '/api/identityproviders',
        payload: input({ code: `bad-${Math.random().toString(36).slice(2, 8)}`, entry_point }),
      });
      expect(res.statusCode, entry_point).toBe(400);
      expect(res.json().error.fields).toHaveProperty('entry_point');
    }
  });

  it('never redirects SignIn to an entry point saved before only http(s) was accepted', async () => {
    const created = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'old-js' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.database.db
      .update(identityProviders)
      .set({ entry_point: 'javascript:alert(1)' })
      .where(eq(identityProviders.id, created.json().id));
    const res = await t.call(null, { method: 'GET', url: '/api/Saml20/SignIn?idp=old-js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('answers 4xx, never 500, for a blank updated_at on PUT', async () => {
    const created = await t.call(security, {
      method: 'POST',
      url: '/api/identityproviders',
      payload: input({ code: 'blank-stamp' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const updated_at of [' ', '', 'not a date', 0]) {
      const res = await t.call(security, {
        method: 'PUT',
        url: `/api/identityproviders/${created.json().id}`,
        payload: { identityProvider: { ...input({ code: 'blank-stamp' }).identityProvider, updated_at } },
      });
      expect(res.statusCode, `${JSON.stringify(updated_at)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(updated_at)).toBeLessThan(500);
    }
  });

  it('answers SignIn with a malformed or missing idp and an odd ReturnUrl with a 4xx, never 500', async () => {
    for (const url of [
      '/api/Saml20/SignIn?ReturnUrl=0',
      '/api/Saml20/SignIn?idp=state-id&ReturnUrl=0',
      '/api/Saml20/SignIn?idp=nobody&ReturnUrl=0',
      '/api/Saml20/SignIn?ReturnUrl=',
    ]) {
      const res = await t.call(null, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});
