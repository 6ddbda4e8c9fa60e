// Shared setup of the course tests: each test file builds its own app and database through it.
import { referenceTables } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
export let other: Caller;
export let airway: string;
export let trauma: string;
export let renewal: string;
export let completed: string;
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupCoursesTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
    other = await t.createCaller([], { isStaff: false, isPortal: true });
    const db = t.database.db;
    const e = t.enterpriseId;
    const topics = referenceTables.education_topics;
    const [a, b] = await db
      .insert(topics)
      .values([
        { enterprise_id: e, label: 'Airway' },
        { enterprise_id: e, label: 'Trauma' },
      ])
      .returning();
    airway = a!.id as string;
    trauma = b!.id as string;
    const [type] = await db
      .insert(referenceTables.application_types)
      .values({ enterprise_id: e, label: 'Renewal' })
      .returning();
    renewal = type!.id as string;
    const statuses = referenceTables.attendee_statuses;
    const [s] = await db
      .select()
      .from(statuses)
      .where(and(eq(statuses.enterprise_id, e), eq(statuses.label, 'Completed')));
    completed = s!.id as string;
  });
  afterAll(async () => t?.close());
}

export const createCourse = async (training: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/trainings', payload: { training } });
