import { fbPackageForms, licenses, referenceTables, seedDatabase } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('demo seed', () => {
  it('gives a fresh install a licence to apply for, with its form package, levels and statuses', async () => {
    const result = await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    expect(result.seeded).toBe(true);
    const [license] = await database.db
      .select()
      .from(licenses)
      .where(eq(licenses.name, 'EMS Personnel Certification'));
    expect(license).toMatchObject({ entity: 'user', active: true });
    const forms = await database.db
      .select()
      .from(fbPackageForms)
      .where(eq(fbPackageForms.package_id, license!.form_package_id!));
    expect(forms).toHaveLength(1);
    const levels = await database.db
      .select()
      .from(referenceTables.license_category_levels)
      .where(eq(referenceTables.license_category_levels.license_id, license!.id));
    expect(levels.map((l) => l.label).sort()).toEqual(['EMT', 'Paramedic']);
    const statuses = await database.db
      .select()
      .from(referenceTables.license_request_statuses)
      .where(eq(referenceTables.license_request_statuses.license_id, license!.id));
    expect(statuses.map((s) => s.code)).toEqual(expect.arrayContaining(['submitted', 'approved']));
    expect((await seedDatabase(database.db, { demo: true, hashPassword: async (p) => p })).seeded).toBe(
      false,
    );
  });
});
