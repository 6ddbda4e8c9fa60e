import { certifications, credentialSigningKeys } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../test/test-app';
import { openPrivateKey } from './key-vault';
import { HOST_A, HOST_B, SSN_KEY, signingContext } from './test-fixtures';

let ctx: Awaited<ReturnType<typeof signingContext>>;
let stranger: Caller;
beforeAll(async () => {
  ctx = await signingContext();
  stranger = await ctx.t.createCaller([], { isStaff: false, isPortal: true });
});
afterAll(() => ctx?.t.close());

const at = (host: string) => ({ host });
const verify = (token: unknown, host = HOST_A) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/credentials/verify', headers: at(host), payload: { token } });

describe('/verify’s check of a card', () => {
  it('reads a demo card as valid with its signed details', async () => {
    const cert = await ctx.credential();
    const res = await verify(await ctx.cardToken(cert.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verdict: 'valid',
      verdict_label: 'Valid',
      signature_valid: true,
      problem: null,
      statement: { sub: cert.number, title: 'EMT Certification', status: 'active' },
      live: { status: 'active', expiration_date: '2099-06-30' },
    });
  });

  it('says why a token is not valid, and never shows an unsigned statement', async () => {
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    const [h, p, s] = token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), name: 'Someone Else' }),
    ).toString('base64url');
    const cases: [string, string][] = [
      [`${h}.${changed}.${s}`, 'bad_signature'],
      ['not a token', 'malformed'],
      [
        `${Buffer.from('{"alg":"none","typ":"credential+jwt","kid":"x"}').toString('base64url')}.${p}.`,
        'unknown_key',
      ],
    ];
    for (const [bad, problem] of cases) {
      const res = await verify(bad);
      expect(res.json()).toMatchObject({
        verdict: 'not_valid',
        verdict_label: 'Not valid',
        problem,
        statement: null,
      });
    }
    // This office's card is not one of the other enterprise's: its keys do not include ours.
    expect((await verify(token, HOST_B)).json()).toMatchObject({
      verdict: 'not_valid',
      problem: 'unknown_key',
    });
    // A deleted credential's card no longer stands for anything on record.
    await ctx.t.call(ctx.t.admin, {
      method: 'DELETE',
      url: `/api/certifications/${cert.id}?reason=${encodeURIComponent('Entered in error')}`,
      headers: at(HOST_A),
    });
    expect((await verify(token)).json()).toMatchObject({
      verdict: 'not_valid',
      problem: 'not_found',
      signature_valid: true,
    });
  });

  it('shows a revoked credential as revoked and an expired card as not valid', async () => {
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    await ctx.t.database.db
      .update(certifications)
      .set({ status: 'revoked' })
      .where(eq(certifications.id, cert.id));
    expect((await verify(token)).json()).toMatchObject({ verdict: 'revoked', live: { status: 'revoked' } });
    const old = await ctx.credential({ expiration_date: '2021-12-31' });
    expect((await verify(await ctx.cardToken(old.id))).json()).toMatchObject({
      verdict: 'not_valid',
      problem: 'token_expired',
      signature_valid: true,
    });
  });

  it('answers 400 without a token; anyone may ask', async () => {
    expect((await verify('')).statusCode).toBe(400);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: {} })).statusCode,
    ).toBe(400);
  });
});

describe('signing keys', () => {
  it('stores the private key encrypted, never in clear', async () => {
    const rows = await ctx.t.database.db
      .select()
      .from(credentialSigningKeys)
      .where(eq(credentialSigningKeys.enterprise_id, ctx.t.enterpriseId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.private_jwk_encrypted).toMatch(/^v1:/);
      expect(row.private_jwk_encrypted).not.toContain('"d"');
      expect(JSON.parse(openPrivateKey(SSN_KEY, row.private_jwk_encrypted))).toMatchObject({
        crv: 'Ed25519',
      });
      expect(row.public_jwk).not.toHaveProperty('d');
    }
  });

  it('lets staff list keys (enterprise.read) and rotate them (enterprise.write), in the change log', async () => {
    const url = '/api/credential-signing-keys';
    expect((await ctx.t.call(null, { method: 'GET', url, headers: at(HOST_A) })).statusCode).toBe(401);
    expect((await ctx.t.call(ctx.t.applicant, { method: 'GET', url, headers: at(HOST_A) })).statusCode).toBe(
      403,
    );
    expect((await ctx.t.call(ctx.t.nobody, { method: 'GET', url, headers: at(HOST_A) })).statusCode).toBe(
      403,
    );
    const before = await ctx.t.call(ctx.t.reviewer, { method: 'GET', url, headers: at(HOST_A) });
    expect(before.statusCode).toBe(200);
    const rotate = { method: 'POST' as const, url: `${url}/rotate`, headers: at(HOST_A) };
    expect((await ctx.t.call(null, rotate)).statusCode).toBe(401);
    expect((await ctx.t.call(ctx.t.reviewer, rotate)).statusCode).toBe(403);
    const oldKid = (before.json() as { kid: string; current: boolean }[]).find((k) => k.current)?.kid;
    const after = await ctx.t.call(ctx.t.admin, rotate);
    expect(after.statusCode).toBe(200);
    const keys = after.json() as {
      kid: string;
      current: boolean;
      published: boolean;
      published_until: string;
    }[];
    expect(keys.filter((k) => k.current)).toHaveLength(1);
    expect(keys.find((k) => k.kid === oldKid)).toMatchObject({ current: false, published: true });
    // Kept published until the latest expiration among the office's credentials.
    expect(keys.find((k) => k.kid === oldKid)?.published_until).toBe('2099-06-30');
    const log = await ctx.t.call(ctx.t.admin, {
      method: 'GET',
      url: '/api/DataChangeLog?entity=credential_signing_keys',
      headers: at(HOST_A),
    });
    const actions = (log.json().items as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['update', 'create']));
  });

  it('stops publishing a retired key once every card it signed has expired', async () => {
    const [current] = await ctx.t.database.db
      .select()
      .from(credentialSigningKeys)
      .where(eq(credentialSigningKeys.enterprise_id, ctx.t.enterpriseId));
    await ctx.t.database.db
      .update(credentialSigningKeys)
      .set({ retired_at: new Date(), published_until: '2020-01-01' })
      .where(eq(credentialSigningKeys.id, current!.id));
    const jwks = (
      await ctx.t.app.inject({ method: 'GET', url: '/.well-known/jwks.json', headers: at(HOST_A) })
    ).json() as JSONWebKeySet;
    expect(jwks.keys.map((k) => k.kid)).not.toContain(current!.kid);
  });
});

describe('the Verifiable Credential download', () => {
  it('gives the holder a vc+jwt signed with the published keys', async () => {
    const cert = await ctx.credential();
    const res = await ctx.t.call(ctx.t.applicant, {
      method: 'GET',
      url: `/api/certifications/${cert.id}/vc`,
      headers: at(HOST_A),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(res.headers['content-disposition']).toContain(`${cert.number}.vc.jwt`);
    const jwks = (
      await ctx.t.app.inject({ method: 'GET', url: '/.well-known/jwks.json', headers: at(HOST_A) })
    ).json() as JSONWebKeySet;
    const { payload, protectedHeader } = await compactVerify(res.body, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
    });
    expect(protectedHeader).toMatchObject({ typ: 'vc+jwt', cty: 'vc', alg: 'EdDSA' });
    const vc = JSON.parse(new TextDecoder().decode(payload));
    expect(vc).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential', 'ProfessionalLicenseCredential'],
      issuer: { id: `http://${HOST_A}`, name: 'Test State EMS' },
      validUntil: '2099-06-30T23:59:59.000Z',
      credentialSubject: { license: { number: cert.number, status: 'active', title: 'EMT Certification' } },
    });
  });

  it('is 401 without a session, 404 for another portal user’s credential, another enterprise’s, or none; 400 for a bad id', async () => {
    const cert = await ctx.credential();
    const url = `/api/certifications/${cert.id}/vc`;
    expect((await ctx.t.call(null, { method: 'GET', url, headers: at(HOST_A) })).statusCode).toBe(401);
    expect((await ctx.t.call(stranger, { method: 'GET', url, headers: at(HOST_A) })).statusCode).toBe(404);
    const [foreign] = await ctx.t.database.db
      .insert(certifications)
      .values({ enterprise_id: ctx.otherEnterpriseId, number: 'B-1', user_id: ctx.t.admin.userId })
      .returning();
    expect(
      (
        await ctx.t.call(ctx.t.admin, {
          method: 'GET',
          url: `/api/certifications/${foreign!.id}/vc`,
          headers: at(HOST_A),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.call(ctx.t.admin, { method: 'GET', url: `/api/certifications/${crypto.randomUUID()}/vc` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.call(ctx.t.admin, { method: 'GET', url: '/api/certifications/nope/vc' })).statusCode,
    ).toBe(400);
  });
});
