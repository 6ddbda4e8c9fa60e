import { createUser, identityProviders, users } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownAddress } from '../../../platform/tenancy/public-origin';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { createTestIdp, IDP_ENTITY_ID, IDP_SSO_URL, type IdpUser } from './test-idp';
import { idpCert, idpKey, wrongCert, wrongKey } from './test-keys';

let t: TestContext;
let base: string;
let spMetadata: string;
const idp = createTestIdp(idpKey, idpCert);
const impostor = createTestIdp(wrongKey, wrongCert);

async function addIdp(code: string, values: Partial<typeof identityProviders.$inferInsert> = {}) {
  await t.database.db.insert(identityProviders).values({
    enterprise_id: t.enterpriseId,
    code,
    label: `IdP ${code}`,
    entry_point: IDP_SSO_URL,
    issuer: IDP_ENTITY_ID,
    certificate: idpCert,
    ...values,
  });
}

const get = (path: string, cookie?: string) =>
  fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.startsWith('licensure_session=') && c !== 'licensure_session=')
    .join('; ');

/** SignIn → the IdP answers the AuthnRequest → POST to the ACS; the ACS answer. */
async function signInWith(
  query: string,
  user: IdpUser,
  by = idp,
): Promise<{ res: Response; cookie: string }> {
  const start = await get(`/api/Saml20/SignIn?${query}`);
  expect(start.status).toBe(302);
  const location = start.headers.get('location') ?? '';
  expect(location.startsWith(`${IDP_SSO_URL}?SAMLRequest=`)).toBe(true);
  const { SAMLResponse, RelayState } = await by.answer(spMetadata, location, user);
  const res = await postAcs({ SAMLResponse, RelayState });
  return { res, cookie: cookieOf(res) };
}

const postAcs = (form: Record<string, string>) =>
  fetch(`${base}/api/Saml20/Acs`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

const refused = (res: Response) => {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/signin?error=saml');
  expect(cookieOf(res)).toBe('');
};

const session = async (cookie: string) => {
  const res = await get('/api/CheckSession', cookie);
  return { status: res.status, body: (await res.json()) as { user_id: string; isPortal: boolean } };
};

beforeAll(async () => {
  t = await createTestContext();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  spMetadata = await (await get('/api/Saml20/Metadata')).text();
  await addIdp('state-idp', { for_staff: true });
  await addIdp('provisioning', {
    provision_users: true,
    for_staff: true,
    first_name_attribute: 'givenName',
    last_name_attribute: 'sn',
  });
  await addIdp('by-attribute', { email_attribute: 'mail' });
  await addIdp('retired', { active: false });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/Saml20/Metadata', () => {
  it('describes this service provider', async () => {
    // On the public origin: without PUBLIC_URL outside production, the server's own address.
    const origin = ownAddress(t.app.deps.config);
    expect(spMetadata).toContain(`entityID="${origin}/api/Saml20/Metadata"`);
    expect(spMetadata).toContain(`Location="${origin}/api/Saml20/Acs"`);
    expect(spMetadata).toContain(
      `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${origin}/api/Saml20/Logout"/>`,
    );
  });
});

describe('GET /api/Saml20/SignIn', () => {
  it('answers 404 for an unknown or inactive identity provider, or one not for that kind of session', async () => {
    expect((await get('/api/Saml20/SignIn?idp=nope&isPortal=true')).status).toBe(404);
    expect((await get('/api/Saml20/SignIn?idp=retired&isPortal=true')).status).toBe(404);
    expect((await get('/api/Saml20/SignIn?idp=by-attribute&isPortal=false')).status).toBe(404);
  });

  it('answers 400 without idp', async () => {
    expect((await get('/api/Saml20/SignIn?isPortal=true')).status).toBe(400);
  });
});

describe('POST /api/Saml20/Acs', () => {
  it('signs in the portal user whose e-mail matches the NameID, case-insensitively', async () => {
    const person = await createUser(t.database.db, t.enterpriseId, { email: 'Pat.Medic@Example.org' });
    const { res, cookie } = await signInWith(
      `idp=state-idp&isPortal=true&ReturnUrl=${encodeURIComponent('/portal/licenses?tab=2')}`,
      { email: 'pat.medic@example.ORG' },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/portal/licenses?tab=2');
    expect(cookie).not.toBe('');
    const s = await session(cookie);
    expect(s.status).toBe(200);
    expect(s.body.user_id).toBe(person.id);
    expect(s.body.isPortal).toBe(true);
  });

  it('signs in even when the browser still holds a live session of this site', async () => {
    const person = await createUser(t.database.db, t.enterpriseId, { email: 'still.signed.in@example.org' });
    const start = await get('/api/Saml20/SignIn?idp=state-idp&isPortal=true');
    const { SAMLResponse, RelayState } = await idp.answer(spMetadata, start.headers.get('location') ?? '', {
      email: 'still.signed.in@example.org',
    });
    // A same-site identity provider posts the form with our cookie but without our CSRF header.
    const res = await fetch(`${base}/api/Saml20/Acs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: t.reviewer.cookie },
      body: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/portal');
    expect((await session(cookieOf(res))).body.user_id).toBe(person.id);
  });

  it('refuses a replayed response', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'replay@example.org' });
    const start = await get('/api/Saml20/SignIn?idp=state-idp&isPortal=true');
    const answer = await idp.answer(spMetadata, start.headers.get('location') ?? '', {
      email: 'replay@example.org',
    });
    const first = await postAcs({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState });
    expect(first.headers.get('location')).toBe('/portal');
    refused(await postAcs({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }));
  });

  it('ignores a return address off the site', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'offsite@example.org' });
    const { res } = await signInWith(
      `idp=state-idp&isPortal=true&ReturnUrl=${encodeURIComponent('//evil.example/x')}`,
      { email: 'offsite@example.org' },
    );
    expect(res.headers.get('location')).toBe('/portal');
  });

  it('refuses a response signed by another key', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'victim@example.org' });
    const { res } = await signInWith(
      'idp=state-idp&isPortal=true',
      { email: 'victim@example.org' },
      impostor,
    );
    refused(res);
  });

  it('refuses an unknown user when the identity provider does not provision', async () => {
    const { res } = await signInWith('idp=state-idp&isPortal=true', { email: 'stranger@example.org' });
    refused(res);
    const [found] = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'stranger@example.org'`);
    expect(found).toBeUndefined();
  });

  it('refuses a deleted user', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'gone@example.org', deleted_at: new Date() });
    refused((await signInWith('idp=state-idp&isPortal=true', { email: 'gone@example.org' })).res);
  });

  it('creates a portal person with the name attributes when the identity provider provisions', async () => {
    const { res, cookie } = await signInWith('idp=provisioning&isPortal=true', {
      email: 'new.person@example.org',
      attributes: { givenName: 'Nova', sn: 'Person' },
    });
    expect(res.headers.get('location')).toBe('/portal');
    const [created] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.enterprise_id, t.enterpriseId), eq(users.email, 'new.person@example.org')));
    expect(created).toMatchObject({ is_staff: false, first_name: 'Nova', last_name: 'Person' });
    const s = await session(cookie);
    expect(s.body).toMatchObject({ user_id: created?.id, isPortal: true });
  });

  it('matches the configured e-mail attribute instead of the NameID', async () => {
    const person = await createUser(t.database.db, t.enterpriseId, { email: 'attr@example.org' });
    const { cookie } = await signInWith('idp=by-attribute&isPortal=true', {
      email: 'opaque-subject-id@idp.example',
      attributes: { mail: 'ATTR@example.org' },
    });
    expect((await session(cookie)).body.user_id).toBe(person.id);
  });

  it('signs in an existing staff user to the staff application', async () => {
    const staff = await createUser(t.database.db, t.enterpriseId, {
      email: 'staff@example.org',
      is_staff: true,
    });
    const { res, cookie } = await signInWith('idp=state-idp&isPortal=false', { email: 'staff@example.org' });
    expect(res.headers.get('location')).toBe('/staff');
    expect((await session(cookie)).body).toMatchObject({ user_id: staff.id, isPortal: false });
  });

  it('never provisions staff, nor lets a portal person into the staff application', async () => {
    refused(
      (await signInWith('idp=provisioning&isPortal=false', { email: 'would-be-staff@example.org' })).res,
    );
    const found = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'would-be-staff@example.org'));
    expect(found).toHaveLength(0);
    await createUser(t.database.db, t.enterpriseId, { email: 'portal-only@example.org' });
    refused((await signInWith('idp=state-idp&isPortal=false', { email: 'portal-only@example.org' })).res);
  });

  it('refuses a post without a response or with a forged RelayState', async () => {
    refused(await postAcs({}));
    refused(await postAcs({ SAMLResponse: 'bm90IHhtbA==', RelayState: 'garbage' }));
  });
});

describe('POST /api/Saml20/Logout', () => {
  const logout = (body: object, caller?: { cookie: string; csrf?: string }) =>
    fetch(`${base}/api/Saml20/Logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        ...(caller ? { cookie: caller.cookie } : {}),
        ...(caller?.csrf ? { 'x-csrf-token': caller.csrf } : {}),
      },
      body: JSON.stringify(body),
    });

  it('ends the session and answers JSON', async () => {
    const a = await t.createCaller([], { isStaff: false, isPortal: true });
    const res = await logout({}, a);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ loggedOut: true });
    expect((await get('/api/CheckSession', a.cookie)).status).toBe(401);
  });

  it('never ends a session from a plain link, or from a post without the CSRF token', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'leaving@example.org' });
    const { cookie } = await signInWith('idp=state-idp&isPortal=true', { email: 'leaving@example.org' });
    expect(cookie).not.toBe('');
    // GET is single logout, which needs the identity provider's signed LogoutRequest.
    const link = await get('/api/Saml20/Logout?redirect=false', cookie);
    expect(link.status).toBe(400);
    const form = await fetch(`${base}/api/Saml20/Logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'redirect=true',
    });
    expect(form.status).toBe(403);
    expect((await form.json()).error.code).toBe('csrf_failed');
    expect((await get('/api/CheckSession', cookie)).status).toBe(200);
  });

  it('redirects to a same-site ReturnUrl when asked, else to the sign-in page', async () => {
    const a = await t.createCaller([], { isStaff: false, isPortal: true });
    const res = await logout({ redirect: true, ReturnUrl: '/portal/bye' }, a);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/portal/bye');
    expect((await get('/api/CheckSession', a.cookie)).status).toBe(401);
    const b = await t.createCaller([], { isStaff: false, isPortal: true });
    const off = await logout({ redirect: true, ReturnUrl: 'https://evil.example/' }, b);
    expect(off.headers.get('location')).toBe('/signin');
  });
});
