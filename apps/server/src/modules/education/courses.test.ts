import { dataChangeLog, domainEvents, referenceTables } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let other: Caller;
let airway: string;
let trauma: string;
let renewal: string;
let completed: string;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

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

const createCourse = async (training: Record<string, unknown>, caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/trainings', payload: { training } });

describe('Levels', () => {
  it('creates, lists, updates and deletes a level with a reason; validates its requirements', async () => {
    const bad = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Levels',
      payload: { level: { label: 'Bad', requirements: [{ topic_id: renewal, hours: 2 }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('There is no topic');
    const created = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Levels',
      payload: { level: { label: 'Temp level', requirements: [{ topic_id: airway, hours: 2 }] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await t.call(t.applicant, { method: 'GET', url: `/api/Levels/${id}` })).statusCode).toBe(200);
    const upd = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/Levels/${id}`,
      payload: { level: { label: 'Temp level 2', cycle_months: 12 } },
    });
    expect(upd.json()).toMatchObject({ label: 'Temp level 2', cycle_months: 12 });
    expect((await t.call(t.admin, { method: 'DELETE', url: `/api/Levels/${id}` })).statusCode).toBe(400);
    expect(
      (await t.call(t.admin, { method: 'DELETE', url: `/api/Levels/${id}?reason=Duplicate` })).statusCode,
    ).toBe(204);
    expect((await t.call(t.admin, { method: 'GET', url: `/api/Levels/${id}` })).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: '/api/Levels' })).statusCode).toBe(401);
    const denied = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/Levels',
      payload: { level: { label: 'X' } },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('Courses, attendees and progress toward renewal', () => {
  it('an applicant sees what is missing, enrols, is completed by staff and meets the requirement', async () => {
    const level = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Levels',
      payload: {
        level: {
          label: 'EMT CE',
          requirements: [{ topic_id: airway, application_type_id: renewal, hours: 6 }],
        },
      },
    });
    expect(level.statusCode, level.body).toBe(201);
    const past = await createCourse({
      name: 'Airway basics',
      start_date: inDays(-10),
      end_date: inDays(-10),
      training_location_id: 'not-a-guid',
      training_topics: [{ topic_id: airway, hours: 6 }],
    });
    expect(past.statusCode, past.body).toBe(201);
    expect(past.json()).toMatchObject({ training_location_id: null, total_hours: 6 });
    const next = await createCourse({
      name: 'Airway lab',
      start_date: inDays(7),
      training_topics: [{ topic_id: airway, hours: 4 }],
      prerequisite_ids: [past.json().id],
      capacity: 1,
    });
    expect(next.statusCode, next.body).toBe(201);

    const progressUrl = `/api/UserLevelProgressByApplicationType?user_id=${t.applicant.userId}&application_type_id=${renewal}`;
    const before = await t.call(t.applicant, { method: 'GET', url: progressUrl });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      met: false,
      levels: [
        {
          level: 'EMT CE',
          topics: [{ topic: 'Airway', required: 6, earned: 0, missing: 6 }],
          upcoming: [{ name: 'Airway lab', covers: [{ topic: 'Airway', hours: 4 }] }],
        },
      ],
    });

    const prereq = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/EducationModule/CourseAttendeeFailedPreReqs/${next.json().id}/${t.applicant.userId}`,
    });
    expect(prereq.json()).toMatchObject({ met: false, failed: [{ name: 'Airway basics' }] });

    const enrol = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: past.json().id, user_id: t.applicant.userId } },
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    expect(enrol.json()).toMatchObject({ status_label: 'Registered', completed: false });
    const again = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: past.json().id, user_id: t.applicant.userId } },
    });
    expect(again.statusCode).toBe(409);

    const done = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/EducationModule/CourseAttendees/${enrol.json().id}`,
      payload: {
        course_attendee: {
          training_id: past.json().id,
          user_id: t.applicant.userId,
          attendee_status_id: completed,
        },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ completed: true, status_label: 'Completed' });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.name, 'courseAttendee.statusChanged'),
          eq(domainEvents.object_id, enrol.json().id),
        ),
      );
    // Enrolment (Registered), then completion.
    expect(events.map((e) => e.payload.attendee_status_id)).toContain(completed);
    expect(events).toHaveLength(2);
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(eq(dataChangeLog.object_id, enrol.json().id));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'update']));

    const after = await t.call(t.applicant, { method: 'GET', url: progressUrl });
    expect(after.json()).toMatchObject({
      met: true,
      levels: [{ earned: 6, required: 6, topics: [{ missing: 0, met: true }], upcoming: [] }],
    });
    const met = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/EducationModule/CourseAttendeeFailedPreReqs/${next.json().id}/${t.applicant.userId}`,
    });
    expect(met.json()).toMatchObject({ met: true, failed: [] });

    const summary = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/EducationModule/CourseUserSummary?user_id=${t.applicant.userId}`,
    });
    expect(summary.json()).toMatchObject({
      completed_count: 1,
      total_hours: 6,
      hours_by_topic: [{ topic: 'Airway', hours: 6 }],
    });

    // Capacity 1: the first enrolment fills the lab.
    const first = await t.call(t.applicant, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: next.json().id, user_id: t.applicant.userId } },
    });
    expect(first.statusCode).toBe(201);
    const full = await t.call(other, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: next.json().id, user_id: other.userId } },
    });
    expect(full.statusCode).toBe(400);
    expect(full.body).toContain('This course is full.');
  });

  it("keeps a person's attendance from another portal user", async () => {
    const course = await createCourse({
      name: `Private ${Date.now()}`,
      training_topics: [{ topic_id: trauma, hours: 2 }],
    });
    const mine = await t.call(t.admin, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: course.json().id, user_id: t.applicant.userId } },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id;
    expect(
      (await t.call(other, { method: 'GET', url: `/api/EducationModule/CourseAttendees/${id}` })).statusCode,
    ).toBe(404);
    const list = await t.call(other, {
      method: 'GET',
      url: `/api/EducationModule/CourseAttendees?user_id=${t.applicant.userId}`,
    });
    expect(list.json().total).toBe(0);
    for (const url of [
      `/api/EducationModule/CourseUserSummary?user_id=${t.applicant.userId}`,
      `/api/UserLevelProgressByApplicationType?user_id=${t.applicant.userId}&application_type_id=${renewal}`,
      `/api/EducationVerificationDates?user_id=${t.applicant.userId}`,
      `/api/EducationModule/CourseAttendeeFailedPreReqs/${course.json().id}/${t.applicant.userId}`,
    ])
      expect((await t.call(other, { method: 'GET', url })).statusCode, url).toBe(404);
    const forOther = await t.call(other, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: course.json().id, user_id: t.applicant.userId } },
    });
    expect(forOther.statusCode).toBe(403);
    const change = await t.call(other, {
      method: 'PUT',
      url: `/api/EducationModule/CourseAttendees/${id}`,
      payload: { course_attendee: { training_id: course.json().id, user_id: other.userId } },
    });
    expect(change.statusCode).toBe(404);
    const selfComplete = await t.call(t.applicant, {
      method: 'PUT',
      url: `/api/EducationModule/CourseAttendees/${id}`,
      payload: {
        course_attendee: {
          training_id: course.json().id,
          user_id: t.applicant.userId,
          attendee_status_id: completed,
        },
      },
    });
    expect(selfComplete.statusCode).toBe(403);
  });

  it('bulk-removes attendees with a reason; an id of another course removes nothing', async () => {
    const course = await createCourse({ name: `Roster ${Date.now()}` });
    const ids: string[] = [];
    for (const caller of [t.applicant, other]) {
      const res = await t.call(t.admin, {
        method: 'POST',
        url: '/api/EducationModule/CourseAttendees',
        payload: { course_attendee: { training_id: course.json().id, user_id: caller.userId } },
      });
      ids.push(res.json().id);
    }
    const url = `/api/EducationModule/BulkRemoveAttendees/${course.json().id}`;
    expect((await t.call(t.admin, { method: 'POST', url, payload: { attendeeIDs: [] } })).statusCode).toBe(
      400,
    );
    expect((await t.call(null, { method: 'POST', url, payload: { attendeeIDs: ids } })).statusCode).toBe(401);
    expect(
      (await t.call(t.applicant, { method: 'POST', url, payload: { attendeeIDs: ids } })).statusCode,
    ).toBe(403);
    const stray = await t.call(t.admin, {
      method: 'POST',
      url,
      payload: { attendeeIDs: [...ids, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(stray.statusCode).toBe(404);
    const res = await t.call(t.admin, {
      method: 'POST',
      url,
      payload: { attendeeIDs: ids, reason: 'Cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2 });
    const left = await t.call(t.admin, {
      method: 'GET',
      url: `/api/EducationModule/CourseAttendees?training_id=${course.json().id}`,
    });
    expect(left.json().total).toBe(0);
    expect(
      (await t.call(t.admin, { method: 'GET', url: `/api/trainings/${course.json().id}` })).json()
        .attendee_count,
    ).toBe(0);
  });

  it('answers 400, 401, 403 and 404 on courses', async () => {
    expect((await createCourse({ name: '' })).statusCode).toBe(400);
    expect(
      (await createCourse({ name: 'X', training_topics: [{ topic_id: renewal, hours: 1 }] })).statusCode,
    ).toBe(400);
    expect(
      (await createCourse({ name: 'X', start_date: '2026-02-02', end_date: '2026-02-01' })).statusCode,
    ).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/trainings' })).statusCode).toBe(401);
    expect((await createCourse({ name: 'Not mine' }, t.applicant)).statusCode).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/trainings/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    const own = await createCourse({ name: 'Taken elsewhere', self_entered: true }, t.applicant);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ self_entered: true, verified: false });
    expect((await t.call(other, { method: 'GET', url: `/api/trainings/${own.json().id}` })).statusCode).toBe(
      404,
    );
    const del = await t.call(t.applicant, {
      method: 'DELETE',
      url: `/api/trainings/${own.json().id}?reason=typo`,
    });
    expect(del.statusCode).toBe(204);
    const verified = await createCourse({ name: `Verified ${Date.now()}` });
    const attack = await t.call(t.applicant, {
      method: 'DELETE',
      url: `/api/trainings/${verified.json().id}?reason=x`,
    });
    expect(attack.statusCode).toBe(403);
    const list = await t.call(t.applicant, { method: 'GET', url: '/api/trainings?numPerPage=100' });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { name: string }) => i.name)).toContain(verified.json().name);
    expect(
      (await t.call(t.admin, { method: 'GET', url: '/api/trainings/getCount' })).json().count,
    ).toBeGreaterThan(0);
  });
});

describe('what-if courses', () => {
  it('says which upcoming courses covering missing hours the person is already enrolled in', async () => {
    const level = await t.call(t.admin, {
      method: 'POST',
      url: '/api/Levels',
      payload: {
        level: {
          label: 'Trauma CE',
          requirements: [{ topic_id: trauma, application_type_id: renewal, hours: 40 }],
        },
      },
    });
    expect(level.statusCode, level.body).toBe(201);
    const [a, b] = [
      await createCourse({
        name: 'Trauma A',
        start_date: inDays(3),
        training_topics: [{ topic_id: trauma, hours: 2 }],
      }),
      await createCourse({
        name: 'Trauma B',
        start_date: inDays(4),
        training_topics: [{ topic_id: trauma, hours: 2 }],
      }),
    ];
    const enrol = await t.call(other, {
      method: 'POST',
      url: '/api/EducationModule/CourseAttendees',
      payload: { course_attendee: { training_id: a.json().id, user_id: other.userId } },
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    const progress = await t.call(other, {
      method: 'GET',
      url: `/api/UserLevelProgressByApplicationType?user_id=${other.userId}&application_type_id=${renewal}`,
    });
    const trauma40 = progress.json().levels.find((l: { level: string }) => l.level === 'Trauma CE');
    const upcoming = Object.fromEntries(
      trauma40.upcoming.map((u: { training_id: string; enrolled: boolean }) => [u.training_id, u.enrolled]),
    );
    expect(upcoming[a.json().id]).toBe(true);
    expect(upcoming[b.json().id]).toBe(false);
  });
});

describe('self-entered courses', () => {
  it('a person enters a course taken elsewhere; staff verify it and the person is credited', async () => {
    const mine = await createCourse(
      {
        name: 'Trauma conference',
        self_entered: true,
        start_date: inDays(-30),
        end_date: inDays(-29),
        training_topics: [{ topic_id: trauma, hours: 3 }],
      },
      other,
    );
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ self_entered: true, verified: false, entered_by: other.userId });
    const id = mine.json().id;
    const waiting = await t.call(t.admin, {
      method: 'GET',
      url: '/api/trainings?self_entered=true&verified=false&numPerPage=100',
    });
    expect(waiting.json().items.map((c: { id: string }) => c.id)).toContain(id);

    const url = `/api/EducationModule/VerifySelfEnteredCourse/${id}`;
    expect((await t.call(null, { method: 'POST', url })).statusCode).toBe(401);
    expect((await t.call(other, { method: 'POST', url })).statusCode).toBe(403);
    expect(
      (await t.call(t.admin, { method: 'POST', url: '/api/EducationModule/VerifySelfEnteredCourse/x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/EducationModule/VerifySelfEnteredCourse/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    const verified = await t.call(t.admin, { method: 'POST', url });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await t.call(t.admin, { method: 'POST', url })).statusCode).toBe(409);

    const summary = await t.call(other, {
      method: 'GET',
      url: `/api/EducationModule/CourseUserSummary?user_id=${other.userId}`,
    });
    expect(summary.json().courses).toEqual(
      expect.arrayContaining([expect.objectContaining({ training_id: id, completed: true })]),
    );
    const staffCourse = await createCourse({ name: 'Staff course' });
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: `/api/EducationModule/VerifySelfEnteredCourse/${staffCourse.json().id}`,
        })
      ).statusCode,
    ).toBe(409);
  });
});
