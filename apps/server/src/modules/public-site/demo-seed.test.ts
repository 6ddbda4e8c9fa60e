import { enterprises, schools, securityTemplates, seedDatabase } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { publicCmsPage } from '../cms/public-cms-page';
import { publicPolicies } from '../policies/public-policies';
import { publicDrills, publicSchoolSystems, publicSchools } from './public-fire-drills';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the demo public site', () => {
  it('has a published home page, a published policy only, and a school system with schools and a drill', async () => {
    await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    const db = database.db;
    const [enterprise] = await db.select().from(enterprises);
    const id = enterprise!.id;

    const home = await publicCmsPage(db, id, 'home');
    expect(home.content).toContain('Welcome to the State Office of Emergency Medical Services');
    await expect(publicCmsPage(db, id, 'renewal-notice')).rejects.toThrow(/not found/);

    const policies = await publicPolicies(db, id);
    expect(policies.map((p) => [p.number, p.in_force])).toEqual([
      ['PRO-220', false],
      ['POL-101', true],
    ]);
    expect(policies[1]).toMatchObject({ kind: 'Policy', classification: 'Administrative' });

    const [system] = await publicSchoolSystems(db, id);
    expect(system?.label).toBe('Travis County Independent School District');
    const list = await publicSchools(db, id, system!.id);
    expect(list.map((s) => s.label)).toEqual([
      'Barton Creek Elementary',
      'Lamar Middle School',
      'Riverside High School',
    ]);
    const [barton] = await db.select().from(schools).where(eq(schools.label, 'Barton Creek Elementary'));
    expect(await publicDrills(db, id, barton!.id)).toHaveLength(1);

    const [editor] = await db
      .select()
      .from(securityTemplates)
      .where(eq(securityTemplates.label, 'Web editor'));
    expect(editor).toBeDefined();
  });
});
