import { exPackets, exSessions, seedDatabase, users } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { eligibleRequests } from './exam-process';
import { myExams } from './scoring-views';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('demo exams', () => {
  it('offers the demo applicant, whose EMT request waits for the exam, the seeded session', async () => {
    await seedDatabase(database.db, { demo: true, hashPassword: async (p) => `plain:${p}` });
    const db = database.db;
    const [applicant] = await db.select().from(users).where(eq(users.user_name, 'applicant'));
    const [admin] = await db.select().from(users).where(eq(users.user_name, 'admin'));
    const [packet] = await db.select().from(exPackets).where(eq(exPackets.name, 'EMT psychomotor exam'));
    expect(packet?.license_category_level_id).toBeTruthy();
    const eligible = await eligibleRequests(db, applicant!.enterprise_id, packet!);
    expect(eligible.map((r) => [r.user_id, r.process_status, r.refusal])).toEqual([
      [applicant!.id, 'Pending', null],
    ]);
    const [session] = await db.select().from(exSessions);
    expect(session).toMatchObject({
      number: 'EX-0001',
      coordinator_ids: [admin!.id],
      examiner_ids: [admin!.id],
    });
    const mine = await myExams(db, applicant!.enterprise_id, applicant!.id);
    expect(mine.requests[0]?.open_sessions.map((s) => s.id)).toEqual([session!.id]);
    expect(mine.registrations).toEqual([]);
  });
});
