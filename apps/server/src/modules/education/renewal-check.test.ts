import { courseAttendees, educationLevels, licenseRequests, referenceTables, trainings } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import { missingHoursMessage } from './renewal-check';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('missingHoursMessage', () => {
  it('names the missing hours by topic, level and cycle', () => {
    const topic = (name: string, missing: number) => ({
      topic_id: crypto.randomUUID(),
      topic: name,
      required: 8,
      earned: 8 - missing,
      missing,
      met: missing === 0,
    });
    const level = {
      level_id: crypto.randomUUID(),
      level: 'EMT',
      cycle_start: '2024-07-01',
      cycle_end: '2026-06-30',
      required: 24,
      earned: 16,
      met: false,
      topics: [topic('Airway', 6), topic('Cardiology', 0), topic('Trauma', 2)],
      upcoming: [],
    };
    expect(missingHoursMessage(level)).toBe(
      'EMT: 6 hours of Airway and 2 hours of Trauma are still missing (cycle 2024-07-01 to 2026-06-30).',
    );
    expect(missingHoursMessage({ ...level, topics: [topic('Airway', 1)] })).toBe(
      'EMT: 1 hour of Airway is still missing (cycle 2024-07-01 to 2026-06-30).',
    );
  });
});

describe('a renewal request checks continuing education', () => {
  it('is refused while hours are missing, naming them, and passes the check once they are earned', async () => {
    const db = t.database.db;
    const e = t.enterpriseId;
    const [airway] = await db
      .insert(referenceTables.education_topics)
      .values({ enterprise_id: e, label: 'Airway' })
      .returning();
    const [renewal] = await db
      .insert(referenceTables.application_types)
      .values({ enterprise_id: e, label: 'Renewal' })
      .returning();
    await db.insert(educationLevels).values({
      enterprise_id: e,
      label: 'EMT',
      requirements: [{ topic_id: airway!.id, application_type_id: renewal!.id, hours: 6 }],
    });
    const cert = await fixtures(t).certification({
      user_id: t.applicant.userId,
      expiration_date: '2099-06-30',
    });
    const [req] = await db
      .insert(licenseRequests)
      .values({
        enterprise_id: e,
        user_id: t.applicant.userId,
        application_type_id: renewal!.id,
        renews_certification_id: cert.id,
      })
      .returning();
    const submit = () =>
      t.call(t.applicant, {
        method: 'POST',
        url: '/api/LicenseRequests/submit',
        payload: { licenseRequestID: req!.id },
      });
    const refused = await submit();
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ success: false, validationError: true });
    // The level names no category level, so the cycle is the 24 months ending today.
    expect(refused.json().errors['Continuing education']).toMatch(
      /^EMT: 6 hours of Airway are still missing \(cycle \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\)\.$/,
    );

    const [course] = await db
      .insert(trainings)
      .values({ enterprise_id: e, name: 'Airway day', training_topics: [{ topic_id: airway!.id, hours: 6 }] })
      .returning();
    const [completed] = await db
      .select()
      .from(referenceTables.attendee_statuses)
      .where(
        and(
          eq(referenceTables.attendee_statuses.enterprise_id, e),
          eq(referenceTables.attendee_statuses.label, 'Completed'),
        ),
      );
    await db.insert(courseAttendees).values({
      enterprise_id: e,
      training_id: course!.id,
      user_id: t.applicant.userId,
      attendee_status_id: completed!.id,
      completed_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    const passed = await submit();
    expect(passed.json().errors?.['Continuing education']).toBeUndefined();
  });
});
