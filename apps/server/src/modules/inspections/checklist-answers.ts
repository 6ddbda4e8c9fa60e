import type { AnswerInput } from '@licensure/contracts';
import { fbResponses, ipChecklists, ipInspections } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/audit/record-change';
import { forbidden } from '../../platform/http/errors';
import { saveResponse } from '../responses/save-response';

/**
 * The answers of a checklist filled offline, saved as the form response of the checklist (started on
 * the checklist's form for the inspected service or vehicle, or the one it already has). Answers are
 * merged over the stored ones, so uploading the same answers again changes nothing.
 */
export async function saveChecklistAnswers(
  request: FastifyRequest,
  checklistId: string,
  answers: AnswerInput[],
) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  const db = request.server.deps.database.db;
  const [row] = await db
    .select({
      form_id: ipChecklists.form_id,
      response_id: ipChecklists.response_id,
      service_id: ipInspections.service_id,
      vehicle_id: ipInspections.vehicle_id,
    })
    .from(ipChecklists)
    .innerJoin(ipInspections, eq(ipInspections.id, ipChecklists.inspection_id))
    .where(and(eq(ipChecklists.id, checklistId), eq(ipChecklists.enterprise_id, request.enterpriseId)));
  if (!row?.form_id) return null;
  const [linked] = row.response_id
    ? [{ id: row.response_id }]
    : await db
        .select({ id: fbResponses.id })
        .from(fbResponses)
        .where(
          and(eq(fbResponses.enterprise_id, request.enterpriseId), eq(fbResponses.checklist_id, checklistId)),
        );
  const saved = await saveResponse(
    db,
    auth,
    actorOf(request),
    {
      response: {
        form_id: row.form_id,
        user_id: null,
        service_id: row.vehicle_id ? null : row.service_id,
        vehicle_id: row.vehicle_id,
        license_request_id: null,
        current_page: 0,
        complete: false,
        questions: answers,
      },
      checklistID: checklistId,
      saveAnswers: true,
      getLess: true,
    },
    linked?.id,
  );
  return saved.response.id;
}
