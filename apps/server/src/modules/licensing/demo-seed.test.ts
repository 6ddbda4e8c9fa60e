import {
  certifications,
  fbPackageForms,
  licenseRequests,
  licenses,
  paymentGateways,
  referenceTables,
  seedDatabase,
  users,
} from '@licensure/db';
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
    // The applicant's credential is an EMT certification of this licence (its certificate names both).
    const [emtCredential] = await database.db
      .select()
      .from(certifications)
      .where(eq(certifications.number, 'EMT-000123'));
    expect(emtCredential).toMatchObject({
      license_id: license!.id,
      license_category_level_id: levels.find((l) => l.label === 'EMT')!.id,
    });
    const statuses = await database.db
      .select()
      .from(referenceTables.license_request_statuses)
      .where(eq(referenceTables.license_request_statuses.license_id, license!.id));
    expect(statuses.map((s) => s.code)).toEqual(
      expect.arrayContaining(['submitted', 'approved', 'denied', 'returned', 'withdrawn']),
    );
    // The reviewer finds work waiting: submitted requests, each with its completed form.
    const waiting = await database.db
      .select()
      .from(licenseRequests)
      .where(eq(licenseRequests.review_state, 'submitted'));
    // Three other people's, and the demo applicant's, whose fees wait for payment (issue 13's checkout).
    expect(waiting).toHaveLength(4);
    expect(waiting.every((r) => r.progress === 2 && r.completed_on !== null)).toBe(true);
    const [applicant] = await database.db.select().from(users).where(eq(users.user_name, 'applicant'));
    const theirs = waiting.find((r) => r.user_id === applicant!.id);
    const charges = await database.db
      .select()
      .from(referenceTables.license_request_charges)
      .where(eq(referenceTables.license_request_charges.license_request_id, theirs!.id));
    expect(charges.filter((c) => !c.paid).reduce((sum, c) => sum + Number(c.amount_cents), 0)).toBe(6000);
    expect((await database.db.select().from(paymentGateways)).map((g) => g.gateway)).toEqual(['test']);
    expect((await seedDatabase(database.db, { demo: true, hashPassword: async (p) => p })).seeded).toBe(
      false,
    );
  });
});
