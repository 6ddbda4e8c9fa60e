import { courseAttendees, referenceTables, seedDatabase, trainings, users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { renewedLicensees } from './ce-audit-population';
import { progressTowardRenewal } from './user-progress';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('demo education', () => {
  it('shows the applicant Airway and Trauma missing for renewal, with courses to cover them', async () => {
    await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    const db = database.db;
    const [applicant] = await db.select().from(users).where(eq(users.user_name, 'applicant'));
    const types = referenceTables.application_types;
    const [renewal] = await db.select().from(types).where(eq(types.label, 'Renewal'));
    const e = applicant!.enterprise_id;
    const progress = await progressTowardRenewal(db, e, applicant!.id, renewal!.id as string);
    expect(progress?.met).toBe(false);
    const level = progress!.levels[0]!;
    const byTopic = Object.fromEntries(level.topics.map((t) => [t.topic, [t.earned, t.required]]));
    expect(byTopic).toEqual({ Airway: [0, 6], Cardiology: [4, 4], Trauma: [2, 4] });
    expect(level.upcoming.map((u) => u.name)).toContain('Airway management workshop');

    const [cpr] = await db.select().from(trainings).where(eq(trainings.name, 'CPR instructor update'));
    const roster = await db
      .select()
      .from(courseAttendees)
      .where(and(eq(courseAttendees.training_id, cpr!.id), isNull(courseAttendees.deleted_at)));
    expect(roster).toHaveLength(4);
    const today = new Date().toISOString().slice(0, 10);
    expect(await renewedLicensees(db, e, '2000-01-01', today)).toHaveLength(4);
  });
});
