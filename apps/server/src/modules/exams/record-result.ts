import {
  Events,
  type FormOutcome,
  formPassed,
  type PacketOutcome,
  packetOutcome,
  type RecordResultBody,
  scoreSkill,
} from '@licensure/contracts';
import {
  exCandidates,
  exForms,
  exPacketForms,
  exPassingRequirements,
  exResults,
  exSessions,
  exSkills,
  type Tx,
} from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { can } from '../../platform/auth/context';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import { setExamProcessStatus } from './exam-process';

/** The packet's outcome for a candidate from every result recorded so far. */
export async function candidateOutcome(
  tx: Tx,
  candidateId: string,
  packetId: string,
): Promise<PacketOutcome> {
  const forms = await tx
    .select({ id: exForms.id, skill_ids: exForms.skill_ids })
    .from(exPacketForms)
    .innerJoin(exForms, eq(exForms.id, exPacketForms.form_id))
    .where(eq(exPacketForms.packet_id, packetId));
  const results = await tx
    .select({
      exam_form_id: exResults.exam_form_id,
      skill_id: exResults.skill_id,
      passed: exResults.passed,
      critical: exSkills.critical,
    })
    .from(exResults)
    .innerJoin(exSkills, eq(exSkills.id, exResults.skill_id))
    .where(eq(exResults.candidate_id, candidateId));
  const outcomes: FormOutcome[] = forms.map((f) => {
    const mine = results.filter((r) => r.exam_form_id === f.id);
    const skills = f.skill_ids.map((s) => mine.find((r) => r.skill_id === s)?.passed ?? null);
    return {
      exam_form_id: f.id,
      passed: formPassed(skills),
      criticalFailed: mine.some((r) => r.critical && !r.passed),
    };
  });
  const groups = await tx
    .select()
    .from(exPassingRequirements)
    .where(eq(exPassingRequirements.exam_packet_id, packetId));
  return packetOutcome(outcomes, groups);
}

/**
 * Records an examiner's score of one skill of one candidate (scoring it again replaces it), decides the
 * candidate's packet with the pass/fail rule, and when it is decided sets the request's exam process
 * status; each result records `examResult.recorded`. Only the session's examiners score, and staff who
 * write exams.
 */
export async function recordResult(request: FastifyRequest, sessionId: string, body: RecordResultBody) {
  const { db } = request.server.deps.database;
  const enterpriseId = request.enterpriseId;
  const userId = request.auth?.userId ?? null;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(exSessions)
      .where(
        and(
          eq(exSessions.id, sessionId),
          eq(exSessions.enterprise_id, enterpriseId),
          isNull(exSessions.deleted_at),
        ),
      );
    if (!session) throw notFound('exam session');
    if (!can(request.auth, 'exams.write') && !session.examiner_ids.includes(userId ?? ''))
      throw new AppError('forbidden', 'Only the examiners of this session score its candidates.');
    const [candidate] = await tx
      .select()
      .from(exCandidates)
      .where(and(eq(exCandidates.id, body.candidate_id), eq(exCandidates.session_id, session.id)))
      .for('update');
    if (!candidate) throw notFound('candidate');
    if (candidate.status === 'withdrawn')
      throw new AppError('conflict', 'This candidate withdrew from the session.');
    const [form] = await tx
      .select({ id: exForms.id, skill_ids: exForms.skill_ids })
      .from(exPacketForms)
      .innerJoin(exForms, eq(exForms.id, exPacketForms.form_id))
      .where(
        and(
          eq(exPacketForms.packet_id, candidate.exam_packet_id),
          eq(exPacketForms.form_id, body.exam_form_id),
        ),
      );
    if (!form) throw badRequest({ exam_form_id: 'That exam form is not a form of the session’s packet.' });
    if (!form.skill_ids.includes(body.skill_id))
      throw badRequest({ skill_id: 'That skill is not scored on this exam form.' });
    const [skill] = await tx
      .select()
      .from(exSkills)
      .where(inArray(exSkills.id, [body.skill_id]));
    if (!skill) throw badRequest({ skill_id: 'That skill does not exist.' });
    if (body.step_points.length > skill.steps.length)
      throw badRequest({
        step_points: `step_points lists more steps than the skill's ${skill.steps.length}.`,
      });
    if (body.critical_failures.some((i) => i >= skill.critical_criteria.length))
      throw badRequest({ critical_failures: 'critical_failures names a criterion the skill does not have.' });
    const verdict = scoreSkill(skill, body);
    const values = {
      enterprise_id: enterpriseId,
      candidate_id: candidate.id,
      session_id: session.id,
      exam_form_id: form.id,
      skill_id: skill.id,
      examiner_id: userId,
      step_points: [...body.step_points],
      critical_failures: [...new Set(body.critical_failures)],
      time_seconds: body.time_seconds ?? null,
      points: verdict.points,
      possible: verdict.possible,
      passed: verdict.passed,
      reasons: verdict.reasons,
      notes: body.notes ?? null,
    };
    const [result] = await tx
      .insert(exResults)
      .values(values)
      .onConflictDoUpdate({
        target: [exResults.candidate_id, exResults.exam_form_id, exResults.skill_id],
        set: { ...values, updated_at: new Date() },
      })
      .returning();
    if (!result) throw new Error('result not saved');
    const outcome = await candidateOutcome(tx, candidate.id, candidate.exam_packet_id);
    let current = candidate;
    const status = outcome === 'pending' ? 'registered' : outcome;
    if (status !== candidate.status) {
      const [after] = await tx
        .update(exCandidates)
        .set({ status, result_at: outcome === 'pending' ? null : new Date(), updated_at: new Date() })
        .where(eq(exCandidates.id, candidate.id))
        .returning();
      current = after ?? candidate;
      await recordChange(tx, actorOf(request), {
        entity: 'ex_candidates',
        objectId: candidate.id,
        action: 'update',
        before: candidate,
        after: current,
      });
      if (outcome !== 'pending')
        await setExamProcessStatus(
          tx,
          request,
          candidate.license_request_id,
          outcome,
          `Exam ${outcome} at session ${session.number ?? session.session_date}.`,
        );
    }
    await recordChange(tx, actorOf(request), {
      entity: 'ex_results',
      objectId: result.id,
      action: 'update',
      after: result,
    });
    // About the request, so that a trigger on it reaches the applicant (a result letter).
    await recordEvent(tx, {
      enterpriseId,
      name: Events.examResultRecorded,
      entity: 'license_requests',
      objectId: candidate.license_request_id,
      actorId: userId,
      payload: {
        result_id: result.id,
        session_id: session.id,
        candidate_id: candidate.id,
        skill_id: skill.id,
        passed: verdict.passed,
        outcome,
      },
    });
    return { result: { ...result, skill_name: skill.name }, candidate: current, outcome };
  });
}
