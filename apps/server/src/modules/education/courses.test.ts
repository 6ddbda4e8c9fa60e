import { dataChangeLog, domainEvents } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  airway,
  completed,
  createCourse,
  inDays,
  other,
  renewal,
  setupCoursesTests,
  t,
  trauma,
} from './courses-test-setup';

setupCoursesTests();

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
