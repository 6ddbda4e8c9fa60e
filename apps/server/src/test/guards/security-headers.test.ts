// Security headers on every kind of answer: API, static page, API reference, 404 and errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDocsPolicy,
  apiPolicy,
  webAppPolicy,
  webAppWithRecaptchaPolicy,
} from '../../platform/http/security-headers';
import { createTestContext, type TestContext } from '../test-app';

let t: TestContext;
let secure: TestContext;
const dist = mkdtempSync(path.join(tmpdir(), 'licensure-web-'));

beforeAll(async () => {
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Licensure</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
  [t, secure] = await Promise.all([
    createTestContext({ WEB_DIST: dist, SECURE_COOKIES: 'false' }),
    createTestContext({ SECURE_COOKIES: 'true' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), secure?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

type Headers = Record<string, unknown>;
function expectBaseline(h: Headers) {
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(String(h['content-security-policy'])).toContain("frame-ancestors 'none'");
}

describe('security headers', () => {
  it('are on an API answer, with a policy that loads nothing', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/alerttypes' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res.headers);
    expect(res.headers['content-security-policy']).toBe(apiPolicy);
  });

  it('are on the web page and its files, with a policy the app satisfies', async () => {
    for (const url of ['/', '/portal/my-licences', '/app.js']) {
      const res = await t.call(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBaseline(res.headers);
      expect(res.headers['content-security-policy']).toBe(webAppPolicy);
    }
    // Mantine injects <style> tags; signatures are data: images; no inline script is allowed.
    expect(webAppPolicy).toContain("style-src 'self' 'unsafe-inline'");
    expect(webAppPolicy).toContain("img-src 'self' data: blob:");
    expect(webAppPolicy).toMatch(/script-src 'self'(;|$)/);
  });

  it("allow Google's reCAPTCHA widget on the pages of an enterprise that uses it, and only there", async () => {
    const r = await createTestContext({ WEB_DIST: dist, SECURE_COOKIES: 'false' });
    try {
      await r.database.db
        .update(enterprises)
        .set({ recaptcha_secret: 'secret' })
        .where(eq(enterprises.id, r.enterpriseId));
      const page = await r.call(null, { method: 'GET', url: '/firedrill' });
      expect(page.headers['content-security-policy']).toBe(webAppWithRecaptchaPolicy);
      expect(webAppWithRecaptchaPolicy).toContain("script-src 'self' https://www.google.com/recaptcha/");
      expect(webAppWithRecaptchaPolicy).toContain("frame-ancestors 'none'");
      const api = await r.call(null, { method: 'GET', url: '/api/alerttypes' });
      expect(api.headers['content-security-policy']).not.toContain('google');
    } finally {
      await r.close();
    }
    // The other enterprise (no secret) keeps the strict policy.
    const plain = await t.call(null, { method: 'GET', url: '/firedrill' });
    expect(plain.headers['content-security-policy']).toBe(webAppPolicy);
  });

  it('give the API reference its own policy, under which it still loads', async () => {
    const page = await t.call(null, { method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBaseline(page.headers);
    expect(page.headers['content-security-policy']).toBe(apiDocsPolicy);
    // Every script it loads is a same-origin file: nothing inline for script-src 'self' to refuse.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    for (const src of page.body.matchAll(/src="\.?([^"]+)"/g)) {
      const script = await t.call(null, { method: 'GET', url: `/api/docs${src[1]}` });
      expect(script.statusCode, src[1]).toBe(200);
      expect(script.headers['content-security-policy']).toBe(apiDocsPolicy);
    }
  });

  it('are on a 404 and on error answers', async () => {
    for (const [caller, url, status] of [
      [t.admin, '/api/no/such/route', 404],
      [null, '/api/alerttypes', 401],
      [t.admin, '/api/alerttypes?currentPage=-1', 400],
    ] as const) {
      const res = await t.call(caller, { method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expectBaseline(res.headers);
    }
  });

  it('add HSTS only when cookies are secure (served over HTTPS)', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/IsSessionAlive' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    for (const url of ['/api/IsSessionAlive', '/api/no/such/route']) {
      const res = await secure.call(null, { method: 'GET', url });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    }
  });
});
