// Issue 25 item 9: staff see who entered a course themselves, reject it with a reason the person is sent,
// edit a course, add an attendee; nobody is marked complete before the course takes place.
import { educationMessages } from '@licensure/contracts';
import {
  correspondenceRecipients,
  correspondences,
  dataChangeLog,
  referenceTables,
  trainings,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
let person: Caller;
let completed: string;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  person = await t.createCaller([], { isStaff: false, isPortal: true });
  await t.database.db
    .update(users)
    .set({ email: 'pat.person@example.org' })
    .where(eq(users.id, person.userId));
  const statuses = referenceTables.attendee_statuses;
  const [s] = await t.database.db
    .select()
    .from(statuses)
    .where(and(eq(statuses.enterprise_id, t.enterpriseId), eq(statuses.label, 'Completed')));
  completed = s!.id as string;
});
afterAll(async () => t?.close());

const createCourse = (training: Record<string, unknown>, caller: Caller = t.admin) =>
  t.call(caller, { method: 'POST', url: '/api/trainings', payload: { training } });
const enrol = (course_attendee: Record<string, unknown>, caller: Caller = t.admin) =>
  t.call(caller, {
    method: 'POST',
    url: '/api/EducationModule/CourseAttendees',
    payload: { course_attendee },
  });

describe('reviewing a self-entered course', () => {
  it('names who entered it before it is verified', async () => {
    const mine = await createCourse(
      { name: 'Airway workshop', self_entered: true, start_date: inDays(-9) },
      person,
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const staffView = await t.call(t.admin, { method: 'GET', url: `/api/trainings/${mine.json().id}` });
    expect(staffView.json().entered_by_name).toMatch(/\S/);
    const [u] = await t.database.db.select().from(trainings).where(eq(trainings.id, mine.json().id));
    expect(u?.entered_by).toBe(person.userId);
  });

  it('is rejected with a reason the person is sent; it no longer waits and never credits hours', async () => {
    const mine = await createCourse(
      { name: 'Conference', self_entered: true, start_date: inDays(-20) },
      person,
    );
    const id = mine.json().id as string;
    const url = `/api/EducationModule/RejectSelfEnteredCourse/${id}`;
    expect((await t.call(null, { method: 'POST', url, payload: { reason: 'x' } })).statusCode).toBe(401);
    expect((await t.call(person, { method: 'POST', url, payload: { reason: 'x' } })).statusCode).toBe(403);
    const noReason = await t.call(t.admin, { method: 'POST', url, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    const missing = `/api/EducationModule/RejectSelfEnteredCourse/00000000-0000-4000-8000-000000000000`;
    expect(
      (await t.call(t.admin, { method: 'POST', url: missing, payload: { reason: 'x' } })).statusCode,
    ).toBe(404);

    const reason = 'The certificate does not show the hours.';
    const rejected = await t.call(t.admin, { method: 'POST', url, payload: { reason } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ training_id: id, notified: true });
    expect((await t.call(t.admin, { method: 'POST', url, payload: { reason } })).statusCode).toBe(404);
    const waiting = await t.call(t.admin, {
      method: 'GET',
      url: '/api/trainings?self_entered=true&verified=false&numPerPage=100',
    });
    expect(waiting.json().items.map((c: { id: string }) => c.id)).not.toContain(id);
    const verify = await t.call(t.admin, {
      method: 'POST',
      url: `/api/EducationModule/VerifySelfEnteredCourse/${id}`,
    });
    expect(verify.statusCode).toBe(404);

    // The person is written to with the reason, and the rejection is in the change log.
    const letters = await t.database.db
      .select({ subject: correspondences.subject, html: correspondences.html_body })
      .from(correspondences)
      .innerJoin(correspondenceRecipients, eq(correspondenceRecipients.correspondence_id, correspondences.id))
      .where(eq(correspondenceRecipients.user_id, person.userId));
    expect(letters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: expect.stringContaining('Conference'),
          html: expect.stringContaining(reason),
        }),
      ]),
    );
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.object_id, id), eq(dataChangeLog.action, 'delete')));
    expect(log).toHaveLength(1);
  });
});

describe('staff edit a course and add an attendee', () => {
  it('updates the course and enrols a person; refuses completion before the course takes place', async () => {
    const course = await createCourse({ name: 'Pediatric care', start_date: inDays(7), end_date: inDays(7) });
    expect(course.statusCode, course.body).toBe(201);
    const id = course.json().id as string;
    const edited = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/trainings/${id}`,
      payload: { training: { name: 'Pediatric care (revised)', start_date: inDays(7), end_date: inDays(8) } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Pediatric care (revised)', end_date: inDays(8) });

    const added = await enrol({ training_id: id, user_id: person.userId });
    expect(added.statusCode, added.body).toBe(201);
    const attendee = added.json().id as string;

    // Completing today, a week before the course: refused, naming the field.
    const early = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/EducationModule/CourseAttendees/${attendee}`,
      payload: {
        course_attendee: {
          training_id: id,
          user_id: person.userId,
          attendee_status_id: completed,
          completed_on: inDays(0),
        },
      },
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error.fields.completed_on).toBe(educationMessages.completionBeforeCourse(inDays(7)));
    // Also when the completion date is put on the course's day in advance.
    const ahead = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/EducationModule/CourseAttendees/${attendee}`,
      payload: {
        course_attendee: {
          training_id: id,
          user_id: person.userId,
          attendee_status_id: completed,
          completed_on: inDays(8),
        },
      },
    });
    expect(ahead.statusCode).toBe(400);
    // Enrolled directly as completed: the same.
    const other = await t.createCaller([], { isStaff: false, isPortal: true });
    const direct = await enrol({
      training_id: id,
      user_id: other.userId,
      attendee_status_id: completed,
      completed_on: inDays(0),
    });
    expect(direct.statusCode).toBe(400);
  });

  it('completes an attendee of a course that has taken place', async () => {
    const course = await createCourse({ name: 'Past course', start_date: inDays(-3), end_date: inDays(-2) });
    const attendee = await enrol({
      training_id: course.json().id,
      user_id: person.userId,
      attendee_status_id: completed,
      completed_on: inDays(-2),
    });
    expect(attendee.statusCode, attendee.body).toBe(201);
  });
});
