import { randomUUID } from 'node:crypto';
import { exFormResponses, fbResponses } from '@licensure/db';
import { eq } from 'drizzle-orm';
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
let examiner: Caller;
let outsider: Caller;
let built: BuiltPacket;
let sessionId: string;
let candidateId: string;
let licence: ExamLicence;
const remarks = randomUUID();
const onTime = randomUUID();
const fbFormId = randomUUID();
const future = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  writer = await t.createCaller(['exams.read', 'exams.write']);
  examiner = await t.createCaller(['exams.score']);
  outsider = await t.createCaller(['exams.score']);
  licence = await createExamLicence(t);
  built = await buildPacket(t, writer, licence.levelId);
  for (const user of [examiner, outsider]) {
    const res = await t.call(writer, {
      method: 'POST',
      url: '/api/ExamExaminers',
      payload: { exam_examiner: { user_id: user.userId } },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // A form-builder form for station A: the examiner's remarks (required) and a short answer.
  const form = await t.call(t.admin, {
    method: 'POST',
    url: '/api/fbforms',
    payload: {
      form: {
        id: fbFormId,
        name: 'Station A observations',
        active: true,
        pages: [
          {
            id: randomUUID(),
            title: 'Observations',
            groups: [
              {
                id: randomUUID(),
                title: 'At the station',
                questions: [
                  { id: remarks, kind: 'long_text', label: 'Examiner remarks', required: true },
                  { id: onTime, kind: 'short_text', label: 'Arrival time' },
                ],
              },
            ],
          },
        ],
      },
    },
  });
  expect(form.statusCode, form.body).toBeLessThan(300);
  const linked = await t.call(writer, {
    method: 'PUT',
    url: `/api/EXForms/${built.formA.id}`,
    payload: { exam_form: { name: built.formA.name, skill_ids: [built.airway.id], fb_form_id: fbFormId } },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const session = await t.call(writer, {
    method: 'POST',
    url: '/api/ExamSessions',
    payload: {
      exam_session: {
        session_date: future,
        exam_packet_id: built.packet.id,
        capacity: 3,
        examiner_ids: [examiner.userId],
      },
    },
  });
  expect(session.statusCode, session.body).toBe(201);
  sessionId = session.json().id;
  const request = await createPendingRequest(t, licence, t.applicant.userId);
  const seat = await t.call(writer, {
    method: 'POST',
    url: `/api/ExamSessions/${sessionId}/Register`,
    payload: { license_request_id: request.id },
  });
  expect(seat.statusCode, seat.body).toBe(201);
  candidateId = seat.json().id;
}, 90_000);
afterAll(async () => t?.close());

const url = (form = built.formA.id, candidate = candidateId, session = sessionId) =>
  `/api/ExamSessions/${session}/Candidates/${candidate}/Forms/${form}`;
const save = (caller: Caller | null, answers: object[], complete = false, at = url()) =>
  t.call(caller, { method: 'PUT', url: at, payload: { answers, complete } });

describe('the exam form’s form-builder form on the scoring screen', () => {
  it('is named on the score sheet, filled by the examiner, saved as a response and shown again', async () => {
    const sheet = await t.call(examiner, { method: 'GET', url: `/api/ExamSessions/${sessionId}/Scoring` });
    expect(
      sheet.json().forms.map((f: { id: string; fb_form_id: string | null }) => [f.id, f.fb_form_id]),
    ).toEqual([
      [built.formA.id, fbFormId],
      [built.formB.id, null],
    ]);
    const empty = await t.call(examiner, { method: 'GET', url: url() });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({
      exam_form_id: built.formA.id,
      candidate_id: candidateId,
      response: null,
    });
    expect(empty.json().form).toMatchObject({ id: fbFormId, name: 'Station A observations' });
    expect(empty.json().form.pages[0].groups[0].questions.map((q: { label: string }) => q.label)).toEqual([
      'Examiner remarks',
      'Arrival time',
    ]);

    // Completing without the required remarks is refused naming the question; nothing is stored.
    const incomplete = await save(examiner, [{ question_id: onTime, value: '08:10' }], true);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toHaveProperty(`questions.${remarks}`);
    expect(await t.database.db.select().from(exFormResponses)).toEqual([]);

    const draft = await save(examiner, [{ question_id: onTime, value: '08:10' }]);
    expect(draft.statusCode, draft.body).toBe(200);
    const responseId = draft.json().response.id;
    expect(draft.json().response).toMatchObject({ progress: 1, completed_on: null });
    const done = await save(
      examiner,
      [{ question_id: remarks, value: 'Calm, methodical; good seal.' }],
      true,
    );
    expect(done.json().response).toMatchObject({ id: responseId, progress: 2 });

    // Reopened: the same response, both answers.
    const again = await t.call(examiner, { method: 'GET', url: url() });
    const answers = Object.fromEntries(
      again
        .json()
        .response.answers.map((a: { question_id: string; value: string }) => [a.question_id, a.value]),
    );
    expect(answers).toEqual({ [onTime]: '08:10', [remarks]: 'Calm, methodical; good seal.' });
    const links = await t.database.db.select().from(exFormResponses);
    expect(links).toEqual([
      expect.objectContaining({
        candidate_id: candidateId,
        exam_form_id: built.formA.id,
        response_id: responseId,
        examiner_id: examiner.userId,
      }),
    ]);
    // About no one: the candidate does not see the examiner's form.
    const [row] = await t.database.db.select().from(fbResponses).where(eq(fbResponses.id, responseId));
    expect(row).toMatchObject({ user_id: null, form_id: fbFormId, created_by: examiner.userId });
    expect(
      (await t.call(t.applicant, { method: 'GET', url: `/api/fbresponses/${responseId}` })).statusCode,
    ).toBe(404);
    // Staff who score and write exams may correct it, without examining this session.
    const coordinator = await t.createCaller(['exams.score', 'exams.write']);
    const corrected = await save(coordinator, [{ question_id: onTime, value: '08:15' }]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().response.id).toBe(responseId);
  });

  it('starts one response when two first saves come at once, linked in the same transaction', async () => {
    const other = await t.createCaller([]);
    const request = await createPendingRequest(t, licence, other.userId);
    const seat = await t.call(writer, {
      method: 'POST',
      url: `/api/ExamSessions/${sessionId}/Register`,
      payload: { license_request_id: request.id },
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const at = url(built.formA.id, seat.json().id);
    const both = await Promise.all([
      save(examiner, [{ question_id: onTime, value: '09:00' }], false, at),
      save(examiner, [{ question_id: onTime, value: '09:01' }], false, at),
    ]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(both.map((res) => res.json().response.id));
    expect(ids.size).toBe(1);
    const links = await t.database.db
      .select()
      .from(exFormResponses)
      .where(eq(exFormResponses.candidate_id, seat.json().id));
    expect(links.map((l) => l.response_id)).toEqual([...ids]);
    const started = await t.database.db.select().from(fbResponses).where(eq(fbResponses.form_id, fbFormId));
    // The first test's response and this one: no orphan from the second save.
    expect(started).toHaveLength(2);
  });

  it('answers 400, 401, 403 and 404', async () => {
    expect((await t.call(null, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.call(outsider, { method: 'GET', url: url() })).statusCode).toBe(403);
    expect((await save(outsider, [{ question_id: onTime, value: 'x' }])).statusCode).toBe(403);
    expect((await t.call(t.applicant, { method: 'GET', url: url() })).statusCode).toBe(403);
    // Station B has no form-builder form; an unknown candidate or session is not found.
    expect((await t.call(examiner, { method: 'GET', url: url(built.formB.id) })).statusCode).toBe(404);
    expect((await t.call(examiner, { method: 'GET', url: url(undefined, randomUUID()) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(examiner, { method: 'GET', url: url(undefined, undefined, randomUUID()) })).statusCode,
    ).toBe(404);
    const bad = await t.call(examiner, { method: 'GET', url: url('nope') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('examFormId');
    const badBody = await t.call(examiner, { method: 'PUT', url: url(), payload: { answers: 'all' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.fields).toHaveProperty('answers');
  });
});
