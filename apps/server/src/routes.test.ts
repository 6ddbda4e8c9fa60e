import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const normalize = (p: string) =>
  p
    .replace(/^\/?api\//i, '')
    .replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}')
    .replace(/\/$/, '')
    .toLowerCase();

describe('route access', () => {
  it('every API route declares a permission, or says it is public or needs a signed-in user', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(200);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('declares most routes on the resource engine', () => {
    const routes = t.app.registeredRoutes;
    const declared = routes.filter((r) => r.declared).length;
    process.stdout.write(
      `\nRoutes: ${routes.length}, ${declared} declared on the resource engine, ${routes.length - declared} written by hand\n`,
    );
    expect(declared).toBeGreaterThan(routes.length / 2);
  });

  it('keeps public writes to the known few', () => {
    const publicWrites = t.app.registeredRoutes
      .filter((r) => r.access === 'public' && r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // Sign-in and its recovery, self-registration, the public lookups (POST for their criteria), error
    // reports, payment gateways' signed answers (the test gateway's pages stand in for a gateway's), the
    // public site's fire drill reports (rate-limited, behind the human check), and the check of a card's
    // signed statement (rate-limited; it writes nothing).
    expect(publicWrites).toEqual([
      'DELETE /api/Core/Auth/Sessioncookie',
      'POST /api/Logger/LogAngularApiErrors',
      'POST /api/PublicLookupService',
      'POST /api/PublicLookupUser',
      'POST /api/Saml20/Acs',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/complaints/file',
      'POST /api/credentials/verify',
      'POST /api/getservicelookupcount',
      'POST /api/getuserlookupcount',
      'POST /api/payments/notify',
      'POST /api/payments/receipt',
      'POST /api/payments/testgateway/decide',
      'POST /api/payments/testgateway/pay',
      'POST /api/public/firedrill/drills',
      'POST /api/recaptchaTokenResponse',
      'POST /api/users/forgotpassword',
      'POST /api/users/lookupUsername',
      'POST /api/users/register',
      'POST /api/users/register/complete',
      'POST /api/users/resetpassword',
    ]);
  });

  it('refuses to register an API route without an access declaration', async () => {
    const { buildApp } = await import('./app');
    const app = await buildApp({
      config: { ...(await import('./config')).loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }) },
      database: t.database,
      logger: false,
    });
    expect(() => app.get('/api/unguarded', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers route_not_found for an unknown API route and matches paths case-insensitively', async () => {
    const res = await t.call(t.admin, { method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route_not_found');
    expect(
      (await t.call(t.admin, { method: 'POST', url: '/api/nothing-here', payload: {} })).json().error.code,
    ).toBe('route_not_found');
    expect((await t.call(t.admin, { method: 'GET', url: '/API/ALERTTYPES' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI 3.1 document and the browsable reference', async () => {
    const doc = await t.call(null, { method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(
      spec.paths['/api/alerttypes'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('alert_type');
    const docs = await t.call(null, { method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('catalog coverage', () => {
  const catalogFile = path.join(repoRoot, '../shared/spec/api-catalog.tsv');
  it.runIf(existsSync(catalogFile))('serves every row of the modules recorded as complete', () => {
    const status = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../catalog-status.json'), 'utf8'),
    ) as {
      complete: string[];
      deferred: Record<string, string[]>;
    };
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${normalize(r.url)}`));
    const rows = readFileSync(catalogFile, 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim())
      .map((l) => {
        const [module = '', method = '', p = ''] = l.split('\t');
        return { module, method, path: p };
      });
    const byModule = new Map<string, { total: number; served: number; missing: string[] }>();
    for (const row of rows) {
      const m = byModule.get(row.module) ?? { total: 0, served: 0, missing: [] };
      byModule.set(row.module, m);
      m.total++;
      if (served.has(`${row.method} ${normalize(row.path)}`)) m.served++;
      else if (!status.deferred[row.module]?.includes(`${row.method} ${row.path}`))
        m.missing.push(`${row.method} ${row.path}`);
    }
    const lines = [...byModule.entries()].map(
      ([m, c]) => `${m.padEnd(16)} ${String(c.served).padStart(4)}/${c.total}`,
    );
    process.stdout.write(`\nCatalog routes served per module:\n${lines.join('\n')}\n`);
    for (const module of status.complete) {
      expect(
        byModule.get(module)?.missing ?? ['module not in catalog'],
        `missing routes of ${module}`,
      ).toEqual([]);
    }
  });
});
