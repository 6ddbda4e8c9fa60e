import { createUser, domainEvents, licenseRequestProcessStatuses, triggers } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import {
  type BuiltPacket,
  buildPacket,
  createExamLicence,
  createPendingRequest,
  type ExamLicence,
} from './test-fixtures';

let t: TestContext;
let writer: Caller;
let reader: Caller;
let examiner: Caller;
let outsider: Caller;
let otherApplicant: Caller;
let licence: ExamLicence;
let built: BuiltPacket;
const missing = '00000000-0000-4000-8000-000000000001';
const future = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write']);
  reader = await t.createCaller(['exams.read']);
  examiner = await t.createCaller(['exams.score']);
  outsider = await t.createCaller(['exams.score']);
  otherApplicant = await t.createCaller([], { isStaff: false, isPortal: true });
  licence = await createExamLicence(t);
  built = await buildPacket(t, writer, licence.levelId, 2);
  for (const [url, key, user] of [
    ['/api/ExamCoordinators', 'exam_coordinator', writer.userId],
    ['/api/ExamExaminers', 'exam_examiner', examiner.userId],
    ['/api/ExamExaminers', 'exam_examiner', outsider.userId],
  ] as const) {
    const res = await call(writer, 'POST', url, { [key]: { user_id: user, internal: true } });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 60_000);
afterAll(async () => t?.close());

function call(
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.call(caller, { method, url, ...(payload ? { payload } : {}) });
}
const newSession = async (extra: Record<string, unknown> = {}) => {
  const res = await call(writer, 'POST', '/api/ExamSessions', {
    exam_session: {
      name: 'Spring psychomotor',
      session_date: future,
      start_time: '08:30',
      exam_packet_id: built.packet.id,
      capacity: 2,
      coordinator_ids: [writer.userId],
      examiner_ids: [examiner.userId],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string };
};
const register = (caller: Caller, session: string, request: string) =>
  call(caller, 'POST', `/api/ExamSessions/${session}/Register`, { license_request_id: request });
const score = (
  caller: Caller,
  session: string,
  candidate: string,
  form: BuiltPacket['formA'],
  skill: string,
  extra = {},
) =>
  call(caller, 'POST', `/api/ExamSessions/${session}/Results`, {
    candidate_id: candidate,
    exam_form_id: form.id,
    skill_id: skill,
    step_points: [1, 2, 3],
    critical_failures: [],
    time_seconds: 240,
    ...extra,
  });

describe('coordinators and examiners', () => {
  it('are one roster entry a person (409 twice), need a person who exists (400), and are removed', async () => {
    const again = await call(writer, 'POST', '/api/ExamCoordinators', {
      exam_coordinator: { user_id: writer.userId },
    });
    expect(again.statusCode).toBe(409);
    const nobody = await call(writer, 'POST', '/api/ExamCoordinators', {
      exam_coordinator: { user_id: missing },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.fields).toHaveProperty('user_id');
    expect(
      (await call(reader, 'POST', '/api/ExamCoordinators', { exam_coordinator: { user_id: reader.userId } }))
        .statusCode,
    ).toBe(403);
    const added = await call(writer, 'POST', '/api/ExamCoordinators', {
      exam_coordinator: {
        user_id: reader.userId,
        internal: false,
        license_category_level_ids: [licence.otherLevelId],
      },
    });
    expect(added.statusCode).toBe(201);
    const byLevel = await call(reader, 'POST', '/api/ExamCoordinators/getFilter', {
      licenseCategoryLevelId: licence.levelId,
    });
    expect(byLevel.json().items.map((c: { user_id: string }) => c.user_id)).toEqual([writer.userId]);
    const external = await call(reader, 'POST', '/api/ExamCoordinators/getCount', { internal: false });
    expect(external.json()).toEqual({ count: 1 });
    expect((await call(writer, 'DELETE', `/api/ExamCoordinators/${added.json().id}`)).statusCode).toBe(204);
    expect((await call(writer, 'DELETE', `/api/ExamCoordinators/${added.json().id}`)).statusCode).toBe(404);
  });

  it('list by the first letter of the last name, and people to add with whether they are on the roster', async () => {
    const db = t.database.db;
    await createUser(db, t.enterpriseId, { first_name: 'Quinn', last_name: 'Zephyr', is_staff: true });
    const people = await call(reader, 'POST', '/api/ExamExaminersFilter/getFilter', {
      alphaFilter: 'Z',
      internal: true,
    });
    expect(people.statusCode).toBe(200);
    expect(people.json().items).toEqual([expect.objectContaining({ last_name: 'Zephyr', on_roster: false })]);
    const count = await call(reader, 'POST', '/api/ExamExaminersFilter/getCount', { alphaFilter: 'Z' });
    expect(count.json().count).toBe(1);
    const roster = await call(reader, 'POST', '/api/ExamExaminers/getFilter', {
      search: 'nobody-by-this-name',
    });
    expect(roster.json().total).toBe(0);
    expect((await call(t.applicant, 'POST', '/api/ExamExaminersFilter/getFilter', {})).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/ExamCoordinatorsFilter/getCount', {})).statusCode).toBe(401);
    const bad = await call(reader, 'POST', '/api/ExamCoordinatorsFilter/getFilter', {
      licenseCategoryLevelId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('licenseCategoryLevelId');
  });

  it('are available unless on the session or another session that day', async () => {
    const session = await newSession();
    const available = async (path: string) =>
      (await call(reader, 'POST', `/api/${path}/getFilter`, { sessionId: session.id }))
        .json()
        .items.map((c: { user_id: string }) => c.user_id);
    expect(await available('AvailableExamExaminers')).toEqual([outsider.userId]);
    expect(await available('AvailableExamCoordinators')).toEqual([]);
    const count = await call(reader, 'POST', '/api/AvailableExamExaminers/getCount', {});
    expect(count.json().count).toBe(2);
    expect(
      (
        await call(reader, 'POST', '/api/AvailableExamCoordinators/getCount', { sessionId: session.id })
      ).json().count,
    ).toBe(0);
    await call(writer, 'DELETE', `/api/ExamSessions/${session.id}?reason=${encodeURIComponent('Test over')}`);
  });
});

describe('sessions', () => {
  it('need a packet, a date and seats (400 naming the field); staff only on the roster', async () => {
    const noDate = await call(writer, 'POST', '/api/ExamSessions', {
      exam_session: { exam_packet_id: built.packet.id, capacity: 5 },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error.fields).toHaveProperty('session_date');
    const notStaff = await call(writer, 'POST', '/api/ExamSessions', {
      exam_session: {
        session_date: future,
        exam_packet_id: built.packet.id,
        capacity: 5,
        examiner_ids: [reader.userId],
      },
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().error.fields).toHaveProperty('examiner_ids');
    expect((await call(reader, 'POST', '/api/ExamSessions', { exam_session: {} })).statusCode).toBe(403);
    expect((await call(reader, 'GET', `/api/ExamSessions/${missing}`)).statusCode).toBe(404);
    expect((await call(t.applicant, 'GET', '/api/ExamSessions')).statusCode).toBe(403);
  });

  it('are deleted only with a reason and kept', async () => {
    const s = await newSession();
    expect((await call(writer, 'DELETE', `/api/ExamSessions/${s.id}`)).statusCode).toBe(400);
    expect((await call(writer, 'DELETE', `/api/ExamSessions/${s.id}?reason=Cancelled`)).statusCode).toBe(204);
    expect((await call(reader, 'GET', `/api/ExamSessions/${s.id}`)).statusCode).toBe(404);
  });
});

describe('registration and results', () => {
  it('a candidate with a pending exam registers up to the seats; scoring decides the packet and the process', async () => {
    const session = await newSession();
    const mine = await createPendingRequest(t, licence, t.applicant.userId);
    const theirs = await createPendingRequest(t, licence, otherApplicant.userId);
    const paramedic = await createPendingRequest(t, licence, otherApplicant.userId, licence.otherLevelId);

    // The portal user sees their request and the open session, never another's.
    const my = await call(t.applicant, 'GET', '/api/exams/mySessions');
    expect(my.statusCode).toBe(200);
    expect(my.json().requests).toEqual([
      expect.objectContaining({
        license_request_id: mine.id,
        exam_packet_id: built.packet.id,
        open_sessions: [expect.objectContaining({ id: session.id, seats_left: 2 })],
      }),
    ]);
    expect((await register(t.applicant, session.id, theirs.id)).statusCode).toBe(404);
    const wrongLevel = await register(otherApplicant, session.id, paramedic.id);
    expect(wrongLevel.statusCode).toBe(409);
    expect(wrongLevel.json().error.message).toMatch(/not waiting for this exam/);

    const seat = await register(t.applicant, session.id, mine.id);
    expect(seat.statusCode, seat.body).toBe(201);
    expect(seat.json()).toMatchObject({ status: 'registered', attempt: 1, license_request_id: mine.id });
    expect((await register(t.applicant, session.id, mine.id)).statusCode).toBe(409);
    expect((await register(writer, session.id, theirs.id)).statusCode).toBe(201);
    const third = await createPendingRequest(t, licence, writer.userId);
    const full = await register(writer, session.id, third.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This session is full: all its 2 seats are taken.');
    expect((await register(writer, missing, third.id)).statusCode).toBe(404);
    expect(
      (await call(null, 'POST', `/api/ExamSessions/${session.id}/Register`, { license_request_id: mine.id }))
        .statusCode,
    ).toBe(401);
    const bad = await call(writer, 'POST', `/api/ExamSessions/${session.id}/Register`, {
      license_request_id: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('license_request_id');

    // Only the session's examiners score.
    const sheet = await call(examiner, 'GET', `/api/ExamSessions/${session.id}/Scoring`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json().forms.map((f: { id: string }) => f.id)).toEqual([built.formA.id, built.formB.id]);
    const candidate = sheet
      .json()
      .candidates.find((c: { license_request_id: string }) => c.license_request_id === mine.id);
    expect((await call(outsider, 'GET', `/api/ExamSessions/${session.id}/Scoring`)).statusCode).toBe(403);
    expect((await score(outsider, session.id, candidate.id, built.formA, built.airway.id)).statusCode).toBe(
      403,
    );
    expect((await score(reader, session.id, candidate.id, built.formA, built.airway.id)).statusCode).toBe(
      403,
    );
    const wrongSkill = await score(examiner, session.id, candidate.id, built.formA, built.trauma.id);
    expect(wrongSkill.statusCode).toBe(400);
    expect(wrongSkill.json().error.fields).toHaveProperty('skill_id');
    const badCriterion = await score(examiner, session.id, candidate.id, built.formA, built.airway.id, {
      critical_failures: [5],
    });
    expect(badCriterion.statusCode).toBe(400);
    expect(badCriterion.json().error.fields).toHaveProperty('critical_failures');

    const first = await score(examiner, session.id, candidate.id, built.formA, built.airway.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'pending', result: { passed: true, points: 6 } });
    const second = await score(examiner, session.id, candidate.id, built.formB, built.trauma.id, {
      critical_failures: [0],
    });
    expect(second.json()).toMatchObject({
      outcome: 'failed',
      result: { passed: false, reasons: ['Critical criterion: Did not ventilate'] },
      candidate: { status: 'failed' },
    });
    const [process] = await t.database.db
      .select()
      .from(licenseRequestProcessStatuses)
      .where(eq(licenseRequestProcessStatuses.license_request_id, mine.id));
    expect(process?.process_status_id).toBe(licence.failed);
    const recorded = (
      await t.database.db.select().from(domainEvents).where(eq(domainEvents.name, 'examResult.recorded'))
    ).filter((e) => e.payload.candidate_id === candidate.id);
    expect(recorded.map((e) => e.payload.outcome)).toEqual(['pending', 'failed']);
    expect(recorded.every((e) => e.entity === 'license_requests' && e.object_id === mine.id)).toBe(true);
    const registered = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'examCandidate.registered'));
    expect(registered.map((e) => e.object_id)).toContain(mine.id);
    const [trigger] = await t.database.db
      .select()
      .from(triggers)
      .where(and(eq(triggers.enterprise_id, t.enterpriseId), eq(triggers.code, 'examResult.recorded')));
    expect(trigger).toMatchObject({ kind: 'event', entity: 'license_requests' });

    // The candidate sees the result; the other applicant does not.
    const after = await call(t.applicant, 'GET', '/api/exams/mySessions');
    expect(after.json().registrations).toEqual([
      expect.objectContaining({
        status: 'failed',
        results: expect.arrayContaining([
          expect.objectContaining({ passed: false }),
          expect.objectContaining({ passed: true }),
        ]),
      }),
    ]);
    const others = await call(otherApplicant, 'GET', '/api/exams/mySessions');
    expect(
      others.json().registrations.map((r: { license_request_id: string }) => r.license_request_id),
    ).toEqual([theirs.id]);
    expect(others.json().registrations[0].results).toEqual([]);

    // Summaries of the session.
    const summary = await call(reader, 'GET', `/api/ExamSessions/${session.id}/Summary`);
    expect(summary.json()).toMatchObject({
      registered: 2,
      failed: 1,
      passed: 0,
      seats_left: 0,
      examiners: 1,
      coordinators: 1,
    });
    const roster = await call(reader, 'GET', `/api/ExamSessions/${session.id}/CandidateSummaries`);
    expect(roster.json()).toContainEqual(
      expect.objectContaining({ id: candidate.id, skills_scored: 2, skills_passed: 1 }),
    );
    const results = await call(reader, 'GET', `/api/ExamSessions/${session.id}/ExamResultSummaries`);
    expect(results.json()).toContainEqual(
      expect.objectContaining({ skill_id: built.trauma.id, failed: 1, critical_failures: 1 }),
    );
    const examiners = await call(reader, 'GET', `/api/ExamSessions/${session.id}/Examiners`);
    expect(examiners.json().map((e: { user_id: string }) => e.user_id)).toEqual([examiner.userId]);
    const coordinators = await call(reader, 'GET', `/api/ExamSessions/${session.id}/Coordinators`);
    expect(coordinators.json().map((e: { user_id: string }) => e.user_id)).toEqual([writer.userId]);
    expect((await call(reader, 'GET', `/api/ExamSessions/${session.id}/Documents`)).json()).toEqual([]);
    const all = await call(reader, 'GET', `/api/ExamSessionSummaries?from=${future}&to=${future}`);
    expect(all.json().map((s: { id: string }) => s.id)).toContain(session.id);
    expect((await call(reader, 'GET', `/api/ExamSessions/${missing}/Summary`)).statusCode).toBe(404);
    expect((await call(reader, 'GET', `/api/ExamSessions/${missing}/CandidateSummaries`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.applicant, 'GET', `/api/ExamSessions/${session.id}/CandidateSummaries`)).statusCode,
    ).toBe(403);
    expect((await call(reader, 'GET', '/api/ExamSessionSummaries?from=soon')).statusCode).toBe(400);
  });

  it('after the packet’s failed attempts, retesting is refused with a clear message; a pass sets the process passed', async () => {
    const request = await createPendingRequest(t, licence, otherApplicant.userId);
    for (const attempt of [1, 2]) {
      const session = await newSession({ capacity: 5 });
      const seat = await register(writer, session.id, request.id);
      expect(seat.json()).toMatchObject({ attempt });
      const res = await score(examiner, session.id, seat.json().id, built.formA, built.airway.id, {
        step_points: [0, 0, 0],
      });
      expect(res.json().outcome).toBe('failed');
    }
    const session = await newSession({ capacity: 5 });
    const refused = await register(writer, session.id, request.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Retesting is refused: this candidate has failed this exam 2 times, and the packet allows at most 2 failed attempts.',
    );
    const my = await call(otherApplicant, 'GET', '/api/exams/mySessions');
    expect(
      my.json().requests.find((r: { license_request_id: string }) => r.license_request_id === request.id)
        .refusal,
    ).toMatch(/^Retesting is refused/);

    const fresh = await createPendingRequest(t, licence, writer.userId);
    const seat = await register(writer, session.id, fresh.id);
    await score(examiner, session.id, seat.json().id, built.formA, built.airway.id);
    const passed = await score(examiner, session.id, seat.json().id, built.formB, built.trauma.id, {
      step_points: [1, 1, 2],
    });
    expect(passed.json()).toMatchObject({ outcome: 'passed', candidate: { status: 'passed' } });
    const [process] = await t.database.db
      .select()
      .from(licenseRequestProcessStatuses)
      .where(eq(licenseRequestProcessStatuses.license_request_id, fresh.id));
    expect(process?.process_status_id).toBe(licence.passed);
    const eligible = await call(reader, 'GET', `/api/ExamSessions/${session.id}/EligibleCandidates`);
    expect(eligible.json().map((r: { license_request_id: string }) => r.license_request_id)).not.toContain(
      fresh.id,
    );
  });

  it('staff withdraw a registered candidate, freeing the seat; a candidate with a result stays', async () => {
    const session = await newSession({ capacity: 1 });
    const request = await createPendingRequest(t, licence, t.applicant.userId);
    const seat = await register(writer, session.id, request.id);
    const url = `/api/ExamSessions/${session.id}/Candidates/${seat.json().id}/Withdraw`;
    expect((await call(reader, 'POST', url)).statusCode).toBe(403);
    expect((await call(t.applicant, 'POST', url)).statusCode).toBe(403);
    const res = await call(writer, 'POST', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('withdrawn');
    expect((await call(writer, 'POST', url)).statusCode).toBe(409);
    expect(
      (await call(writer, 'POST', `/api/ExamSessions/${session.id}/Candidates/${missing}/Withdraw`))
        .statusCode,
    ).toBe(404);
    const other = await createPendingRequest(t, licence, otherApplicant.userId);
    expect((await register(writer, session.id, other.id)).statusCode).toBe(201);
  });

  it('the portal cannot register for a session already held', async () => {
    const held = await newSession({ session_date: past, capacity: 5 });
    const request = await createPendingRequest(t, licence, t.applicant.userId);
    const res = await register(t.applicant, held.id, request.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This session has already taken place.');
  });
});
