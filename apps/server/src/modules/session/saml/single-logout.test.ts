// SAML single logout (GET Saml20/Logout, HTTP-Redirect binding): the identity provider (samlify) sends a
// signed LogoutRequest; the server ends that person's SAML sessions and answers a signed LogoutResponse.
import { createEnterprise, createUser, enterprises, identityProviders } from '@licensure/db';
import { eq } from 'drizzle-orm';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { createTestIdp, IDP_ENTITY_ID, IDP_SLO_URL, IDP_SSO_URL } from './test-idp';
import { idpCert, idpKey, spCert, spKey, wrongCert, wrongKey } from './test-keys';

let t: TestContext;
let spMetadata: string;
const idp = createTestIdp(idpKey, idpCert);
const impostor = createTestIdp(wrongKey, wrongCert);
const OTHER_HOST = 'other-state.example.gov';

const get = (url: string, headers: Record<string, string> = {}) =>
  t.call(null, { method: 'GET', url, headers });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies
    .filter((c) => c.name === 'licensure_session' && c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

const alive = async (cookie: string) => (await get('/api/CheckSession', { cookie })).statusCode === 200;

/** Signs a person in through the IdP; the session cookie and what a LogoutRequest names. */
async function signIn(email: string) {
  const start = await get('/api/Saml20/SignIn?idp=slo&isPortal=true');
  expect(start.statusCode).toBe(302);
  const answer = await idp.answer(spMetadata, String(start.headers.location), { email });
  const acs = await t.call(null, {
    method: 'POST',
    url: '/api/Saml20/Acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: answer.SAMLResponse,
      RelayState: answer.RelayState,
    }).toString(),
  });
  expect(acs.headers.location).toBe('/portal');
  const cookie = cookieOf(acs);
  expect(await alive(cookie)).toBe(true);
  return { cookie, nameID: answer.nameID, sessionIndex: answer.sessionIndex };
}

/** The status and signature check of a LogoutResponse redirect (samlify refuses non-Success ones). */
function logoutResponseOf(location: string) {
  const url = new URL(location);
  const octetString = url.search
    .slice(1)
    .split('&')
    .filter((p) => !p.startsWith('Signature='))
    .join('&');
  const sp = samlify.ServiceProvider({ metadata: spMetadata });
  const signed = samlify.SamlLib.verifyMessageSignature(
    sp.entityMeta,
    octetString,
    Buffer.from(url.searchParams.get('Signature') ?? '', 'base64'),
    url.searchParams.get('SigAlg') ?? '',
  );
  const xml = samlify.Utility.inflateString(url.searchParams.get('SAMLResponse') ?? '');
  const status = /<(?:\w+:)?StatusCode Value="([^"]+)"/.exec(xml)?.[1];
  return { signed, status, xml };
}

beforeAll(async () => {
  t = await createTestContext({ SAML_SP_PRIVATE_KEY: spKey, SAML_SP_CERT: spCert });
  spMetadata = (await get('/api/Saml20/Metadata')).body;
  await t.database.db.insert(identityProviders).values({
    enterprise_id: t.enterpriseId,
    code: 'slo',
    label: 'IdP with single logout',
    entry_point: IDP_SSO_URL,
    logout_url: IDP_SLO_URL,
    issuer: IDP_ENTITY_ID,
    certificate: idpCert,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/Saml20/Logout (single logout)', () => {
  it('publishes the single logout address (HTTP-Redirect) and the signing certificate in the metadata', () => {
    expect(spMetadata).toContain('<KeyDescriptor use="signing">');
    expect(spMetadata).not.toContain('PRIVATE KEY');
    expect(spMetadata).toMatch(
      /<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-Redirect" Location="http:\/\/localhost(:\d+)?\/api\/Saml20\/Logout"/,
    );
  });

  it('ends the session named by a signed LogoutRequest, and only that one, answering a signed LogoutResponse', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'leaving.idp@example.org' });
    await createUser(t.database.db, t.enterpriseId, { email: 'staying.idp@example.org' });
    const leaving = await signIn('leaving.idp@example.org');
    const otherTab = await signIn('leaving.idp@example.org');
    const staying = await signIn('staying.idp@example.org');

    const request = idp.logoutRequest(spMetadata, leaving, { relayState: 'idp-state-1' });
    const res = await get(request.path, { cookie: leaving.cookie });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${IDP_SLO_URL}?SAMLResponse=`)).toBe(true);
    expect(new URL(location).searchParams.get('RelayState')).toBe('idp-state-1');
    // samlify checks the signature with the certificate of our metadata, and the issuer.
    const parsed = await idp.parseLogoutResponse(spMetadata, location);
    expect(parsed.response.inResponseTo).toBe(request.id);
    expect(logoutResponseOf(location)).toMatchObject({
      signed: true,
      status: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    });
    expect(res.cookies.find((c) => c.name === 'licensure_session')?.value).toBe('');

    expect(await alive(leaving.cookie)).toBe(false);
    // The SessionIndex names one sign-in: the person's other SAML session and other people's stay.
    expect(await alive(otherTab.cookie)).toBe(true);
    expect(await alive(staying.cookie)).toBe(true);
  });

  it('ends every SAML session of the NameID when the request names no SessionIndex', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'everywhere@example.org' });
    const a = await signIn('everywhere@example.org');
    const b = await signIn('everywhere@example.org');
    const res = await get(idp.logoutRequest(spMetadata, { nameID: a.nameID }).path);
    expect(res.statusCode).toBe(302);
    expect(await alive(a.cookie)).toBe(false);
    expect(await alive(b.cookie)).toBe(false);
  });

  it('ends nothing for an unsigned LogoutRequest', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'unsigned@example.org' });
    const who = await signIn('unsigned@example.org');
    const res = await get(idp.logoutRequest(spMetadata, who, { signed: false }).path);
    expect(res.statusCode).toBe(400);
    expect(await alive(who.cookie)).toBe(true);
  });

  it('ends nothing for a LogoutRequest signed by another key', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'forged@example.org' });
    const who = await signIn('forged@example.org');
    const res = await get(impostor.logoutRequest(spMetadata, who).path);
    expect(res.statusCode).toBe(400);
    expect(await alive(who.cookie)).toBe(true);
  });

  it('ends nothing for a request with a tampered message or signature', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'tampered@example.org' });
    const who = await signIn('tampered@example.org');
    const other = idp.logoutRequest(spMetadata, { nameID: 'someone.else@example.org' });
    const mine = idp.logoutRequest(spMetadata, who);
    // Another message under this request's signature.
    const swapped = mine.path.replace(/SAMLRequest=[^&]+/, /SAMLRequest=[^&]+/.exec(other.path)?.[0] ?? '');
    expect((await get(swapped)).statusCode).toBe(400);
    // No signature at all, but a SigAlg: node-saml alone would accept it.
    expect((await get(mine.path.replace(/&Signature=[^&]+/, ''))).statusCode).toBe(400);
    // Not a deflated message at all.
    const sigAlg = encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const garbage = `/api/Saml20/Logout?SAMLRequest=bm90IHhtbA%3D%3D&SigAlg=${sigAlg}&Signature=AAAA`;
    expect((await get(garbage)).statusCode).toBe(400);
    expect(await alive(who.cookie)).toBe(true);
  });

  it('ends nothing when the same LogoutRequest comes again', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'replayed@example.org' });
    const first = await signIn('replayed@example.org');
    const request = idp.logoutRequest(spMetadata, { nameID: first.nameID });
    expect((await get(request.path)).statusCode).toBe(302);
    expect(await alive(first.cookie)).toBe(false);
    const again = await signIn('replayed@example.org');
    const replay = await get(request.path);
    expect(replay.statusCode).toBe(400);
    expect(await alive(again.cookie)).toBe(true);
  });

  it('answers GET without a LogoutRequest with 400, ending nothing', async () => {
    await createUser(t.database.db, t.enterpriseId, { email: 'plain.link@example.org' });
    const who = await signIn('plain.link@example.org');
    const res = await get('/api/Saml20/Logout?redirect=false', { cookie: who.cookie });
    expect(res.statusCode).toBe(400);
    expect(await alive(who.cookie)).toBe(true);
  });

  describe('another enterprise', () => {
    let otherId: string;
    beforeAll(async () => {
      const other = await t.database.db.transaction((tx) =>
        createEnterprise(tx, { name: 'Other State EMS', address: OTHER_HOST }, { referenceData: false }),
      );
      otherId = other.id;
      t.app.deps.resolver.invalidate();
    });
    afterAll(async () => {
      await t.database.db.update(enterprises).set({ address: '' }).where(eq(enterprises.id, otherId));
      t.app.deps.resolver.invalidate();
    });

    it('ends nothing when it has no such identity provider', async () => {
      await createUser(t.database.db, t.enterpriseId, { email: 'tenant.a@example.org' });
      const who = await signIn('tenant.a@example.org');
      const otherMetadata = (await get('/api/Saml20/Metadata', { host: OTHER_HOST })).body;
      const res = await get(idp.logoutRequest(otherMetadata, who).path, { host: OTHER_HOST });
      expect(res.statusCode).toBe(400);
      expect(await alive(who.cookie)).toBe(true);
    });

    it("ends nothing of this enterprise's sessions even when it trusts the same identity provider", async () => {
      await t.database.db.insert(identityProviders).values({
        enterprise_id: otherId,
        code: 'slo',
        label: 'Same IdP, other enterprise',
        entry_point: IDP_SSO_URL,
        logout_url: IDP_SLO_URL,
        issuer: IDP_ENTITY_ID,
        certificate: idpCert,
      });
      await createUser(t.database.db, t.enterpriseId, { email: 'tenant.b@example.org' });
      const who = await signIn('tenant.b@example.org');
      const otherMetadata = (await get('/api/Saml20/Metadata', { host: OTHER_HOST })).body;
      const res = await get(idp.logoutRequest(otherMetadata, who).path, { host: OTHER_HOST });
      // Validly signed for that enterprise, but no session of it matches: a signed failure answer.
      expect(res.statusCode).toBe(302);
      const answer = logoutResponseOf(String(res.headers.location));
      expect(answer.signed).toBe(true);
      expect(answer.status).toBe('urn:oasis:names:tc:SAML:2.0:status:Requester');
      expect(await alive(who.cookie)).toBe(true);
    });
  });
});
