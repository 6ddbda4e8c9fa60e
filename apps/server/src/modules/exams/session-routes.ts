import {
  candidateOutput,
  candidateSummary,
  eligibleRequest,
  examFormResponseBody,
  examFormResponseOutput,
  examFormResponseParams,
  myExams as myExamsOutput,
  recordResultBody,
  recordResultResponse,
  registerCandidateBody,
  resultSummary,
  scoringSheet as scoringSheetOutput,
  sessionDocument,
  sessionStaffMember,
  sessionSummariesQuery,
  sessionSummary,
} from '@licensure/contracts';
import { exCandidates, exPackets } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../platform/auth/context';
import { AppError, notFound } from '../../platform/http/errors';
import { self } from '../../platform/permissions/policies';
import { idParams } from '../../platform/resources/register';
import { createWriter } from '../../platform/resources/write';
import { examFormResponse, saveExamFormResponse } from './exam-form-responses';
import { eligibleRequests } from './exam-process';
import { recordResult } from './record-result';
import { registerCandidate } from './register-candidate';
import { myExams, presentCandidate, presentResult, scoringSheet } from './scoring-views';
import {
  candidatesOf,
  resultSummaries,
  sessionDocuments,
  sessionStaff,
  sessionSummaries,
} from './session-summaries';
import { presentSession, sessionResource } from './sessions.resources';
import { withdrawCandidate } from './withdraw-candidate';

const tags = ['exams'];
const read = 'exams.read';

/** A session's pages (summary, staff, candidates, results), registration, scoring and the portal view. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const sessions = createWriter(db, sessionResource);
  const loadSession = async (request: FastifyRequest, id: string) =>
    presentSession(await sessions.load(db, request, id)) as z.infer<typeof scoringSheetOutput>['session'];

  r.get('/api/ExamSessionSummaries', {
    config: { access: read },
    schema: {
      tags,
      summary:
        'Counts of every session (seats, registered, passed, failed, staff), latest first; from/to dates',
      querystring: sessionSummariesQuery,
      response: { 200: z.array(sessionSummary) },
    },
    handler: (request) => sessionSummaries(db, request.enterpriseId, request.query),
  });

  r.get('/api/ExamSessions/:id/Summary', {
    config: { access: read },
    schema: { tags, summary: 'Counts of one session', params: idParams, response: { 200: sessionSummary } },
    handler: async (request) => {
      const [row] = await sessionSummaries(db, request.enterpriseId, { id: request.params.id });
      if (!row) throw notFound('exam session');
      return row;
    },
  });

  r.get('/api/ExamSessions/:id/Documents', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Documents attached to a session',
      params: idParams,
      response: { 200: z.array(sessionDocument) },
    },
    handler: async (request) => {
      const session = await loadSession(request, request.params.id);
      return sessionDocuments(db, request.enterpriseId, session.id);
    },
  });

  for (const kind of ['coordinator', 'examiner'] as const)
    r.get(`/api/ExamSessions/:id/${kind === 'coordinator' ? 'Coordinators' : 'Examiners'}`, {
      config: { access: read },
      schema: {
        tags,
        summary: `The ${kind}s of a session`,
        params: idParams,
        response: { 200: z.array(sessionStaffMember) },
      },
      handler: async (request) => {
        const session = await loadSession(request, request.params.id);
        const ids = kind === 'coordinator' ? session.coordinator_ids : session.examiner_ids;
        return sessionStaff(db, request.enterpriseId, ids, kind);
      },
    });

  r.get('/api/ExamSessions/:id/CandidateSummaries', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The roster: each candidate with their status, attempt, skills scored and passed, points',
      params: idParams,
      response: { 200: z.array(candidateSummary) },
    },
    handler: async (request) => {
      const session = await loadSession(request, request.params.id);
      return candidatesOf(db, eq(exCandidates.session_id, session.id));
    },
  });

  r.get('/api/ExamSessions/:id/ExamResultSummaries', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Results by form and skill: scored, passed, failed, failed on a critical criterion',
      params: idParams,
      response: { 200: z.array(resultSummary) },
    },
    handler: async (request) => {
      const session = await loadSession(request, request.params.id);
      return resultSummaries(db, session.id);
    },
  });

  r.get('/api/ExamSessions/:id/EligibleCandidates', {
    config: { access: read },
    schema: {
      tags,
      summary: "Requests waiting for the exam of the session's packet (their level's), with retest refusals",
      params: idParams,
      response: { 200: z.array(eligibleRequest) },
    },
    handler: async (request) => {
      const session = await loadSession(request, request.params.id);
      const [packet] = await db.select().from(exPackets).where(eq(exPackets.id, session.exam_packet_id));
      if (!packet) return [];
      return eligibleRequests(db, request.enterpriseId, packet);
    },
  });

  r.post('/api/ExamSessions/:id/Register', {
    config: { access: self(), refs: { license_request_id: 'licenserequests' } },
    schema: {
      tags,
      summary:
        'Register a request waiting for the exam for a session, up to its seats (staff with exams.write: anyone; others: their own requests)',
      params: idParams,
      body: registerCandidateBody,
      response: { 201: candidateOutput },
    },
    handler: async (request, reply) => {
      const candidate = await registerCandidate(request, request.params.id, request.body.license_request_id);
      const [row] = await candidatesOf(db, eq(exCandidates.id, candidate.id));
      return reply.status(201).send(presentCandidate(row!));
    },
  });

  r.post('/api/ExamSessions/:id/Candidates/:candidateId/Withdraw', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Withdraw a registered candidate: the seat is freed, the sitting is not a failed attempt',
      params: idParams.extend({ candidateId: z.uuid({ message: 'candidateId must be a valid id' }) }),
      response: { 200: candidateOutput },
    },
    handler: async (request) => {
      const { id, candidateId } = request.params;
      await withdrawCandidate(request, candidateId, { by: 'staff', sessionId: id });
      const [row] = await candidatesOf(db, eq(exCandidates.id, candidateId));
      return presentCandidate(row!);
    },
  });

  r.post('/api/exams/myRegistrations/:candidateId/Withdraw', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary:
        'The signed-in candidate withdraws their own registration, until the day before the session (409 after; 404 for anyone else’s)',
      params: z.object({ candidateId: z.uuid({ message: 'candidateId must be a valid id' }) }),
      response: { 200: candidateOutput },
    },
    handler: async (request) => {
      const { candidateId } = request.params;
      await withdrawCandidate(request, candidateId, { by: 'candidate', userId: request.auth!.userId });
      const [row] = await candidatesOf(db, eq(exCandidates.id, candidateId));
      return presentCandidate(row!);
    },
  });

  r.get('/api/ExamSessions/:id/Scoring', {
    config: { access: 'exams.score' },
    schema: {
      tags,
      summary: "The examiner's sheet: the packet's forms and skills, the candidates and their results",
      params: idParams,
      response: { 200: scoringSheetOutput },
    },
    handler: async (request) => {
      const session = await loadSession(request, request.params.id);
      if (!can(request.auth, 'exams.write') && !session.examiner_ids.includes(request.auth?.userId ?? ''))
        throw new AppError('forbidden', 'Only the examiners of this session score its candidates.');
      return scoringSheet(db, session);
    },
  });

  r.get('/api/ExamSessions/:id/Candidates/:candidateId/Forms/:examFormId', {
    config: { access: 'exams.score' },
    schema: {
      tags,
      summary:
        "The exam form's form-builder form and the candidate's answers so far (404 when the exam form has none)",
      params: examFormResponseParams,
      response: { 200: examFormResponseOutput },
    },
    handler: (request) => {
      const { id, candidateId, examFormId } = request.params;
      return examFormResponse(request, id, candidateId, examFormId);
    },
  });

  r.put('/api/ExamSessions/:id/Candidates/:candidateId/Forms/:examFormId', {
    config: { access: 'exams.score' },
    schema: {
      tags,
      summary:
        "Save the examiner's answers to the exam form's form-builder form for a candidate (a form response)",
      params: examFormResponseParams,
      body: examFormResponseBody,
      response: { 200: examFormResponseOutput },
    },
    handler: (request) => {
      const { id, candidateId, examFormId } = request.params;
      return saveExamFormResponse(request, id, candidateId, examFormId, request.body);
    },
  });

  r.post('/api/ExamSessions/:id/Results', {
    config: {
      access: 'exams.score',
      refs: { candidate_id: 'ex_candidates', exam_form_id: 'ex_forms', skill_id: 'ex_skills' },
    },
    schema: {
      tags,
      summary:
        "Score one skill of a candidate; when the packet is decided, the request's exam process status follows",
      params: idParams,
      body: recordResultBody,
      response: { 200: recordResultResponse },
    },
    handler: async (request) => {
      const saved = await recordResult(request, request.params.id, request.body);
      const [candidate] = await candidatesOf(
        db,
        and(eq(exCandidates.id, saved.candidate.id), eq(exCandidates.session_id, request.params.id))!,
      );
      return {
        result: presentResult(saved.result),
        candidate: presentCandidate(candidate!),
        outcome: saved.outcome,
      };
    },
  });

  r.get('/api/exams/mySessions', {
    config: { access: self() },
    schema: {
      tags,
      summary:
        "The signed-in candidate's requests waiting for an exam, open sessions, registrations and results",
      response: { 200: myExamsOutput },
    },
    handler: (request) => myExams(db, request.enterpriseId, request.auth!.userId),
  });
}
