import { candidateMessages } from '@licensure/contracts';
import { dataChangeLog, exCandidates } from '@licensure/db';
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
let otherApplicant: Caller;
let licence: ExamLicence;
let built: BuiltPacket;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const missing = '00000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  t = await createTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write']);
  otherApplicant = await t.createCaller([], { isStaff: false, isPortal: true });
  licence = await createExamLicence(t);
  built = await buildPacket(t, writer, licence.levelId, 3);
}, 60_000);
afterAll(async () => t?.close());

async function seatFor(owner: Caller, sessionDate: string) {
  const session = await t.call(writer, {
    method: 'POST',
    url: '/api/ExamSessions',
    payload: {
      exam_session: { session_date: sessionDate, exam_packet_id: built.packet.id, capacity: 1 },
    },
  });
  expect(session.statusCode, session.body).toBe(201);
  const request = await createPendingRequest(t, licence, owner.userId);
  // Staff register anyone, also for a session already held (the portal could not).
  const seat = await t.call(writer, {
    method: 'POST',
    url: `/api/ExamSessions/${session.json().id}/Register`,
    payload: { license_request_id: request.id },
  });
  expect(seat.statusCode, seat.body).toBe(201);
  return {
    sessionId: session.json().id as string,
    candidateId: seat.json().id as string,
    requestId: request.id,
  };
}
const withdraw = (caller: Caller | null, candidateId: string) =>
  t.call(caller, { method: 'POST', url: `/api/exams/myRegistrations/${candidateId}/Withdraw` });

describe('a portal candidate withdraws their own registration', () => {
  it('before the session: the seat is freed, the change logged, and the portal shows it withdrawn', async () => {
    const seat = await seatFor(t.applicant, day(7));
    expect((await withdraw(null, seat.candidateId)).statusCode).toBe(401);
    const res = await withdraw(t.applicant, seat.candidateId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: seat.candidateId,
      status: 'withdrawn',
      user_id: t.applicant.userId,
    });
    const log = await t.database.db
      .select()
      .from(dataChangeLog)
      .where(and(eq(dataChangeLog.entity, 'ex_candidates'), eq(dataChangeLog.object_id, seat.candidateId)));
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    const again = await withdraw(t.applicant, seat.candidateId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This registration has already been withdrawn.');
    // The seat is free again: someone else takes it; the request may register anew.
    const summary = await t.call(writer, {
      method: 'GET',
      url: `/api/ExamSessions/${seat.sessionId}/Summary`,
    });
    expect(summary.json()).toMatchObject({ registered: 0, seats_left: 1 });
    const my = await t.call(t.applicant, { method: 'GET', url: '/api/exams/mySessions' });
    expect(my.json().registrations).toContainEqual(
      expect.objectContaining({ id: seat.candidateId, status: 'withdrawn' }),
    );
    expect(
      my.json().requests.find((r: { license_request_id: string }) => r.license_request_id === seat.requestId),
    ).toMatchObject({ registered: false });
  });

  it('never another person’s (404, nothing changes), and 400 for an id that is not one', async () => {
    const seat = await seatFor(otherApplicant, day(7));
    const res = await withdraw(t.applicant, seat.candidateId);
    expect(res.statusCode).toBe(404);
    expect((await withdraw(writer, seat.candidateId)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(exCandidates)
      .where(eq(exCandidates.id, seat.candidateId));
    expect(row?.status).toBe('registered');
    expect((await withdraw(t.applicant, missing)).statusCode).toBe(404);
    const bad = await withdraw(t.applicant, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('candidateId');
  });

  it('not on the day of the session nor after it: 409 saying why and whom to ask', async () => {
    for (const date of [day(0), day(-3)]) {
      const seat = await seatFor(t.applicant, date);
      const res = await withdraw(t.applicant, seat.candidateId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(candidateMessages.withdrawTooLate(date));
      expect(res.json().error.message).toMatch(/closes the day before the session .*contact the exam office/);
      const [row] = await t.database.db
        .select()
        .from(exCandidates)
        .where(eq(exCandidates.id, seat.candidateId));
      expect(row?.status).toBe('registered');
      // Staff still withdraw them (a no-show is not a failed attempt).
      const staff = await t.call(writer, {
        method: 'POST',
        url: `/api/ExamSessions/${seat.sessionId}/Candidates/${seat.candidateId}/Withdraw`,
      });
      expect(staff.statusCode).toBe(200);
    }
  });
});
