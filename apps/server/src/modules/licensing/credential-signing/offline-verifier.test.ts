import { createHmac, generateKeyPairSync } from 'node:crypto';
import { CompactSign, compactVerify, createLocalJWKSet, importJWK, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_A, HOST_B, signingContext } from './test-fixtures';

// An employer's or another state's verifier, written only from what the office publishes: the JWKS at
// /.well-known/jwks.json and the token in a card's QR code. No server internals.

let ctx: Awaited<ReturnType<typeof signingContext>>;
beforeAll(async () => {
  ctx = await signingContext();
});
afterAll(() => ctx?.t.close());

async function jwksOf(host: string): Promise<JSONWebKeySet> {
  const res = await ctx.t.app.inject({ method: 'GET', url: '/.well-known/jwks.json', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json() as JSONWebKeySet;
}

/** The whole offline verifier: the published keys, EdDSA only, the card's type, not past its expiry. */
async function verifyOffline(token: string, jwks: JSONWebKeySet, now = Date.now()) {
  const { payload, protectedHeader } = await compactVerify(token, createLocalJWKSet(jwks), {
    algorithms: ['EdDSA'],
  });
  if (protectedHeader.typ !== 'credential+jwt') throw new Error('not a credential statement');
  const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < now) throw new Error('expired');
  return claims;
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const parts = (token: string) => {
  const [h, p, s] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h ?? '', 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>,
    h: h ?? '',
    p: p ?? '',
    s: s ?? '',
  };
};

describe('a verifier written only from the published JWKS', () => {
  it('publishes Ed25519 public keys only, cacheable, and checks a card’s token', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/.well-known/jwks.json',
      headers: { host: HOST_A },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const jwks = res.json() as JSONWebKeySet;
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    const claims = await verifyOffline(token, jwks);
    expect(claims).toMatchObject({
      iss: `http://${HOST_A}`,
      iss_name: 'Test State EMS',
      sub: cert.number,
      title: 'EMT Certification',
      status: 'active',
      expiration_date: '2099-06-30',
    });
    expect(typeof claims.name).toBe('string');
  });

  it('refuses a token whose statement was changed', async () => {
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    const { h, payload, s } = parts(token);
    const forged = `${h}.${b64({ ...payload, expiration_date: '2199-12-31', exp: 7_000_000_000 })}.${s}`;
    await expect(verifyOffline(forged, await jwksOf(HOST_A))).rejects.toThrow();
  });

  it('refuses a signature made with another key under the office’s kid', async () => {
    const cert = await ctx.credential();
    const { header, payload } = parts(await ctx.cardToken(cert.id));
    const { privateKey } = generateKeyPairSync('ed25519');
    const attacker = await importJWK(privateKey.export({ format: 'jwk' }) as never, 'EdDSA'); // node's JWK type
    const forged = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'EdDSA', kid: header.kid as string, typ: 'credential+jwt' })
      .sign(attacker);
    await expect(verifyOffline(forged, await jwksOf(HOST_A))).rejects.toThrow();
  });

  it('refuses alg none and HS256 keyed with the public key (algorithm confusion)', async () => {
    const cert = await ctx.credential();
    const { header, p } = parts(await ctx.cardToken(cert.id));
    const jwks = await jwksOf(HOST_A);
    const none = `${b64({ ...header, alg: 'none' })}.${p}.`;
    await expect(verifyOffline(none, jwks)).rejects.toThrow();
    const key = jwks.keys.find((k) => k.kid === header.kid);
    const hsHeader = b64({ ...header, alg: 'HS256' });
    for (const secret of [Buffer.from(key?.x ?? '', 'base64url'), Buffer.from(JSON.stringify(key))]) {
      const mac = createHmac('sha256', secret).update(`${hsHeader}.${p}`).digest('base64url');
      await expect(verifyOffline(`${hsHeader}.${p}.${mac}`, jwks)).rejects.toThrow();
    }
  });

  it('refuses a kid the office does not publish', async () => {
    const cert = await ctx.credential();
    const { header, p, s } = parts(await ctx.cardToken(cert.id));
    const unknown = `${b64({ ...header, kid: 'not-a-published-key' })}.${p}.${s}`;
    await expect(verifyOffline(unknown, await jwksOf(HOST_A))).rejects.toThrow();
  });

  it('refuses a statement past its expiry', async () => {
    const cert = await ctx.credential({ expiration_date: '2020-03-31' });
    const token = await ctx.cardToken(cert.id);
    const jwks = await jwksOf(HOST_A);
    await expect(verifyOffline(token, jwks)).rejects.toThrow('expired');
    // The signature itself is sound: only the date refuses it.
    await expect(verifyOffline(token, jwks, Date.UTC(2020, 0, 1))).resolves.toMatchObject({
      sub: cert.number,
    });
  });

  it('does not verify this office’s card with another enterprise’s keys', async () => {
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    const other = await jwksOf(HOST_B);
    const own = await jwksOf(HOST_A);
    expect(other.keys.map((k) => k.kid)).not.toEqual(expect.arrayContaining(own.keys.map((k) => k.kid)));
    await expect(verifyOffline(token, other)).rejects.toThrow();
  });

  it('still verifies a card signed before a key rotation', async () => {
    const cert = await ctx.credential();
    const before = await ctx.cardToken(cert.id);
    const rotated = await ctx.t.call(ctx.t.admin, {
      method: 'POST',
      url: '/api/credential-signing-keys/rotate',
      headers: { host: HOST_A },
    });
    expect(rotated.statusCode).toBe(200);
    const after = await ctx.cardToken(cert.id);
    expect(parts(after).header.kid).not.toBe(parts(before).header.kid);
    const jwks = await jwksOf(HOST_A);
    await expect(verifyOffline(before, jwks)).resolves.toMatchObject({ sub: cert.number });
    await expect(verifyOffline(after, jwks)).resolves.toMatchObject({ sub: cert.number });
  });

  it('verifies a suspended credential’s card cryptographically; /verify shows it suspended', async () => {
    const cert = await ctx.credential();
    const token = await ctx.cardToken(cert.id);
    const put = await ctx.t.call(ctx.t.admin, {
      method: 'PUT',
      url: `/api/certifications/${cert.id}`,
      headers: { host: HOST_A },
      payload: {
        certification: { license_id: ctx.licenseId, user_id: ctx.t.applicant.userId, status: 'suspended' },
      },
    });
    expect(put.statusCode).toBe(200);
    await expect(verifyOffline(token, await jwksOf(HOST_A))).resolves.toMatchObject({ status: 'active' });
    const checked = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      headers: { host: HOST_A },
      payload: { token },
    });
    expect(checked.json()).toMatchObject({
      verdict: 'suspended',
      verdict_label: 'Suspended',
      signature_valid: true,
      statement: { sub: cert.number, status: 'active' },
      live: { status: 'suspended' },
    });
  });
});
