import { describe, expect, it } from 'vitest';
import { createCourse, inDays, other, renewal, setupCoursesTests, t, trauma } from './courses-test-setup';

setupCoursesTests();

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
