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
let licence: ExamLicence;
let built: BuiltPacket;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write', 'exams.score']);
  licence = await createExamLicence(t);
  built = await buildPacket(t, writer, licence.levelId, 3);
}, 60_000);
afterAll(async () => t?.close());

async function newSession(date: string) {
  const res = await t.call(writer, {
    method: 'POST',
    url: '/api/ExamSessions',
    payload: {
      exam_session: {
        session_date: date,
        exam_packet_id: built.packet.id,
        capacity: 2,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const register = (caller: Caller, sessionId: string, requestId: string) =>
  t.call(caller, {
    method: 'POST',
    url: `/api/ExamSessions/${sessionId}/Register`,
    payload: { license_request_id: requestId },
  });
const mine = async () => (await t.call(t.applicant, { method: 'GET', url: '/api/exams/mySessions' })).json();

describe('a withdrawn candidate registers again', () => {
  it('for the same session from the portal, and the portal shows one live registration', async () => {
    const session = await newSession(day(7));
    const request = await createPendingRequest(t, licence, t.applicant.userId);
    const first = await register(t.applicant, session, request.id);
    expect(first.statusCode, first.body).toBe(201);
    const out = await t.call(t.applicant, {
      method: 'POST',
      url: `/api/exams/myRegistrations/${first.json().id}/Withdraw`,
    });
    expect(out.statusCode, out.body).toBe(200);
    const again = await register(t.applicant, session, request.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ session_id: session, status: 'registered', attempt: 1 });
    const my = await mine();
    const here = my.registrations.filter((r: { session_id: string }) => r.session_id === session);
    expect(here).toEqual([expect.objectContaining({ status: 'registered' })]);
    // Registered again, the candidate may not take a second seat.
    const twice = await register(t.applicant, session, request.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This candidate is already registered for an exam session.');
  });

  it('for another session, and staff re-register a candidate they withdrew', async () => {
    const a = await newSession(day(8));
    const b = await newSession(day(9));
    const request = await createPendingRequest(t, licence, t.applicant.userId);
    const first = await register(t.applicant, a, request.id);
    expect(first.statusCode, first.body).toBe(201);
    await t.call(t.applicant, {
      method: 'POST',
      url: `/api/exams/myRegistrations/${first.json().id}/Withdraw`,
    });
    const other = await register(t.applicant, b, request.id);
    expect(other.statusCode, other.body).toBe(201);
    const staffOut = await t.call(writer, {
      method: 'POST',
      url: `/api/ExamSessions/${b}/Candidates/${other.json().id}/Withdraw`,
    });
    expect(staffOut.statusCode, staffOut.body).toBe(200);
    const staffIn = await register(writer, b, request.id);
    expect(staffIn.statusCode, staffIn.body).toBe(201);
    expect(staffIn.json()).toMatchObject({ id: other.json().id, status: 'registered' });
  });
});

describe('a failed candidate sees why', () => {
  it('the critical criterion missed is in My exams, not only the points', async () => {
    const session = await newSession(day(-1));
    const request = await createPendingRequest(t, licence, t.applicant.userId);
    const seat = await register(writer, session, request.id);
    expect(seat.statusCode, seat.body).toBe(201);
    const scored = await t.call(writer, {
      method: 'POST',
      url: `/api/ExamSessions/${session}/Results`,
      payload: {
        candidate_id: seat.json().id,
        exam_form_id: built.formA.id,
        skill_id: built.airway.id,
        step_points: [1, 2, 3],
        critical_failures: [0],
        time_seconds: 200,
      },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    const my = await mine();
    const sitting = my.registrations.find((r: { id: string }) => r.id === seat.json().id);
    expect(sitting.results).toEqual([
      expect.objectContaining({
        passed: false,
        points: 6,
        possible: 6,
        reasons: ['Critical criterion: Did not ventilate'],
      }),
    ]);
  });
});
