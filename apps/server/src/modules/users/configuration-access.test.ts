import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSecurityTemplate, security_template_permissions, securityTemplates } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const status = async (caller: typeof t.admin, url: string) =>
  (await t.call(caller, { method: 'GET', url })).statusCode;

describe('configuration lists', () => {
  it('are closed to portal users, while the reference data portal screens load stays open', async () => {
    for (const url of [
      '/api/autonumbers',
      '/api/userstatuses',
      '/api/licenserequeststatuses',
      '/api/triggerfunctions',
      '/api/XSLTStylesheets',
      '/api/PortalPages',
      '/api/Statuses?ProcessID=00000000-0000-4000-8000-000000000001',
    ]) {
      expect(await status(t.applicant, url), url).toBe(403);
      expect(await status(t.admin, url), url).toBe(200);
    }
    for (const url of [
      '/api/dataelements',
      '/api/documenttypes',
      '/api/CertificationLevels',
      '/api/positions',
      '/api/vehicletypes',
      '/api/countries',
    ])
      expect(await status(t.applicant, url), url).toBe(200);
  });

  it('migration 0012 gives configuration.read to staff templates that read or write reference lists only', async () => {
    const dir = path.resolve(import.meta.dirname, '../../../../../packages/db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('.sql') && f.includes('configuration_read'));
    const grant = readFileSync(path.join(dir, file!), 'utf8').split('--> statement-breakpoint').at(-1)!;

    const db = t.database.db;
    const make = (label: string, keys: string[]) =>
      createSecurityTemplate(db, t.enterpriseId, keys as never, { label });
    const readers = await make('Old readers', ['lookups.read']);
    const writers = await make('Old writers', ['lookups.write', 'users.read']);
    const others = await make('Old others', ['users.read']);
    const already = await make('Old configured', ['lookups.read', 'configuration.read']);
    const [portal] = await db
      .select()
      .from(securityTemplates)
      .where(eq(securityTemplates.is_portal_default, true));

    await db.execute(sql.raw(grant));
    const keysOf = async (id: string) =>
      (
        await db
          .select({ key: security_template_permissions.permission_key })
          .from(security_template_permissions)
          .where(eq(security_template_permissions.security_template_id, id))
      )
        .map((r) => r.key)
        .sort();
    expect(await keysOf(readers.id)).toEqual(['configuration.read', 'lookups.read']);
    expect(await keysOf(writers.id)).toEqual(['configuration.read', 'lookups.write', 'users.read']);
    expect(await keysOf(others.id)).toEqual(['users.read']);
    expect(await keysOf(already.id)).toEqual(['configuration.read', 'lookups.read']);
    expect(await keysOf(portal!.id)).toEqual(['lookups.read']);
  });
});
