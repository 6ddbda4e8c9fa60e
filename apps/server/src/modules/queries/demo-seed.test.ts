import {
  savedQueries,
  savedQueryShares,
  securityGroupMembers,
  securityGroups,
  seedDatabase,
  users,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { compileQuery } from './compile';
import { definitionOf } from './query-store';
import { runPage } from './run-query';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('demo saved query', () => {
  it("is the admin's EMTs in Travis County, shared with a group holding the reviewer, and lists the applicant", async () => {
    await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    const db = database.db;
    const [query] = await db.select().from(savedQueries);
    expect(query?.name).toBe('EMTs in Travis County');
    const [admin] = await db.select().from(users).where(eq(users.user_name, 'admin'));
    expect(query!.owner_id).toBe(admin!.id);
    const shares = await db
      .select({ role: savedQueryShares.role, group: securityGroups.label, member: users.user_name })
      .from(savedQueryShares)
      .innerJoin(securityGroups, eq(securityGroups.id, savedQueryShares.security_group_id))
      .innerJoin(securityGroupMembers, eq(securityGroupMembers.security_group_id, securityGroups.id))
      .innerJoin(users, eq(users.id, securityGroupMembers.user_id))
      .where(eq(savedQueryShares.query_id, query!.id));
    expect(shares).toEqual([{ role: 'viewer', group: 'Licensing analysts', member: 'reviewer' }]);
    const compiled = compileQuery(definitionOf(query!), query!.enterprise_id, {
      year: 2026,
      month: 11,
      day: 26,
    });
    const page = await runPage(db, compiled, 1, 25);
    expect(page.rows).toContainEqual(['Applicant', 'Avery', 'Travis County', 'EMT', '2028-01-31']);
  });
});
