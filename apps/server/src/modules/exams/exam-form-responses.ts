import type { ExamFormResponseBody, ExamFormResponseOutput } from '@licensure/contracts';
import {
  exCandidates,
  exFormResponses,
  exForms,
  exPacketForms,
  exSessions,
  fbResponses,
} from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/audit/record-change';
import { type AuthContext, can } from '../../platform/auth/context';
import { AppError, notFound } from '../../platform/http/errors';
import { loadLiveDefinition, loadVersionDefinition } from '../forms/form-store';
import { loadAnswers } from '../responses/present';
import { saveResponse } from '../responses/save-response';

interface Target {
  candidateId: string;
  examFormId: string;
  fbFormId: string;
  responseId: string | null;
}

/**
 * The candidate of the session and the exam form of their packet that has a form-builder form, for a
 * caller who scores this session (its examiners, and staff who write exams); 404 for anything else.
 */
async function loadTarget(
  request: FastifyRequest,
  sessionId: string,
  candidateId: string,
  examFormId: string,
): Promise<Target & { status: string }> {
  const { db } = request.server.deps.database;
  const [session] = await db
    .select({ examiner_ids: exSessions.examiner_ids })
    .from(exSessions)
    .where(
      and(
        eq(exSessions.id, sessionId),
        eq(exSessions.enterprise_id, request.enterpriseId),
        isNull(exSessions.deleted_at),
      ),
    );
  if (!session) throw notFound('exam session');
  if (!can(request.auth, 'exams.write') && !session.examiner_ids.includes(request.auth?.userId ?? ''))
    throw new AppError('forbidden', 'Only the examiners of this session score its candidates.');
  const [row] = await db
    .select({
      status: exCandidates.status,
      fb_form_id: exForms.fb_form_id,
      response_id: exFormResponses.response_id,
    })
    .from(exCandidates)
    .innerJoin(
      exPacketForms,
      and(eq(exPacketForms.packet_id, exCandidates.exam_packet_id), eq(exPacketForms.form_id, examFormId)),
    )
    .innerJoin(exForms, eq(exForms.id, exPacketForms.form_id))
    .leftJoin(
      exFormResponses,
      and(eq(exFormResponses.candidate_id, exCandidates.id), eq(exFormResponses.exam_form_id, examFormId)),
    )
    .where(and(eq(exCandidates.id, candidateId), eq(exCandidates.session_id, sessionId)));
  if (!row) throw notFound('candidate or exam form');
  if (!row.fb_form_id) throw notFound('form of the exam form');
  return {
    candidateId,
    examFormId,
    fbFormId: row.fb_form_id,
    responseId: row.response_id,
    status: row.status,
  };
}

async function present(request: FastifyRequest, target: Target): Promise<ExamFormResponseOutput> {
  const { db } = request.server.deps.database;
  const [response] = target.responseId
    ? await db.select().from(fbResponses).where(eq(fbResponses.id, target.responseId))
    : [];
  const form = response
    ? await loadVersionDefinition(db, response.form_id, response.form_version)
    : await loadLiveDefinition(db, request.enterpriseId, target.fbFormId);
  if (!form) throw notFound('form of the exam form');
  return {
    exam_form_id: target.examFormId,
    candidate_id: target.candidateId,
    form,
    response: response
      ? {
          id: response.id,
          progress: response.progress,
          completed_on: response.completed_on?.toISOString() ?? null,
          answers: await loadAnswers(db, response.id),
        }
      : null,
  };
}

/** The exam form's form-builder form and the candidate's answers so far. */
export async function examFormResponse(
  request: FastifyRequest,
  sessionId: string,
  candidateId: string,
  examFormId: string,
) {
  return present(request, await loadTarget(request, sessionId, candidateId, examFormId));
}

/**
 * Saves the examiner's answers to the exam form's form-builder form for a candidate: the first save
 * starts the response (about no one: the candidate never sees the examiner's form in the portal) and
 * links it to the candidate and exam form; later saves change that response.
 */
export async function saveExamFormResponse(
  request: FastifyRequest,
  sessionId: string,
  candidateId: string,
  examFormId: string,
  body: ExamFormResponseBody,
) {
  const target = await loadTarget(request, sessionId, candidateId, examFormId);
  if (target.status === 'withdrawn')
    throw new AppError('conflict', 'This candidate withdrew from the session.');
  const { db } = request.server.deps.database;
  const auth = request.auth as AuthContext;
  // The session's rule above decided: the examiner answers this response as staff who write responses.
  // The elevation reaches only this save, of the response linked to this candidate and exam form.
  const asExaminer: AuthContext = { ...auth, permissions: new Set([...auth.permissions, 'responses.write']) };
  // One transaction: the response and its link to the candidate are saved together, and the candidate's
  // row lock makes two first saves at once (two tabs, a retry) start one response, not an orphan.
  const saved = await db.transaction(async (tx) => {
    await tx
      .select({ id: exCandidates.id })
      .from(exCandidates)
      .where(eq(exCandidates.id, candidateId))
      .for('update');
    const [link] = await tx
      .select({ response_id: exFormResponses.response_id })
      .from(exFormResponses)
      .where(
        and(eq(exFormResponses.candidate_id, candidateId), eq(exFormResponses.exam_form_id, examFormId)),
      );
    const result = await saveResponse(
      tx,
      asExaminer,
      actorOf(request),
      {
        response: {
          form_id: target.fbFormId,
          user_id: null,
          service_id: null,
          vehicle_id: null,
          license_request_id: null,
          current_page: 0,
          complete: body.complete,
          questions: body.answers,
        },
        saveAnswers: true,
        getLess: true,
      },
      link?.response_id,
    );
    if (!link)
      await tx.insert(exFormResponses).values({
        enterprise_id: request.enterpriseId,
        candidate_id: candidateId,
        exam_form_id: examFormId,
        response_id: result.response.id,
        examiner_id: auth.userId,
      });
    return result;
  });
  return present(request, { ...target, responseId: saved.response.id });
}
