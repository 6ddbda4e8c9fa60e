import type { CarriedChecklist, inspectionWriteBody } from '@licensure/contracts';
import { ipChecklists } from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';
import { saveChecklistAnswers } from './checklist-answers';
import { loadTemplate } from './inspection-values';

type Writer = ReturnType<typeof createWriter>;
type Body = z.infer<typeof inspectionWriteBody>;

/**
 * The checklist a write of an inspection carries, in `inspection.checklist` or beside it: one place,
 * not both. A create that submits with handleChecklist and whose template has a checklist form must
 * carry it (a new inspection has no checklist to save): refused with 400 naming it, before anything
 * is written, rather than submitted without its checklist. Answers need responses.write, checked first.
 */
export async function carriedChecklistOf(
  request: FastifyRequest,
  body: Body,
  operation: 'create' | 'update',
): Promise<CarriedChecklist | null> {
  if (body.checklist && body.inspection.checklist)
    throw badRequest({
      checklist: 'Send the checklist once: in inspection.checklist or beside it, not both.',
    });
  const carried = body.checklist ?? body.inspection.checklist ?? null;
  // Answers are a form response: answering one for a checklist takes responses.write (as offline).
  if (carried?.answers?.length && !request.auth?.permissions.has('responses.write')) throw forbidden();
  if (carried || operation !== 'create' || body.isSubmit !== true || body.handleChecklist !== true)
    return carried;
  const template = await loadTemplate(
    request.server.deps.database.db,
    request.enterpriseId,
    body.inspection.ip_template_id,
  );
  if (template?.form_id)
    throw badRequest({
      checklist:
        'Submitting saves the checklist, and this new inspection has none: send it as inspection.checklist (its answers in checklist.answers).',
    });
  return null;
}

/**
 * Saves a carried checklist on the inspection through the checklist resource (checks, change log):
 * the checklist of the same client_id, else the inspection's first one, is updated; otherwise one is
 * made. Its answers become (or update) the checklist's form response.
 */
export async function saveCarriedChecklist(
  writer: Writer,
  request: FastifyRequest,
  inspectionId: string,
  carried: CarriedChecklist,
): Promise<string> {
  const db = request.server.deps.database.db;
  const { answers, ...fields } = carried;
  const live = and(
    eq(ipChecklists.enterprise_id, request.enterpriseId),
    eq(ipChecklists.inspection_id, inspectionId),
    isNull(ipChecklists.deleted_at),
  );
  const [existing] = await db
    .select({ id: ipChecklists.id })
    .from(ipChecklists)
    .where(fields.client_id ? and(live, eq(ipChecklists.client_id, fields.client_id)) : live)
    .orderBy(asc(ipChecklists.created_at))
    .limit(1);
  const values = { ...fields, inspection_id: inspectionId };
  let id: string;
  if (existing) {
    await writer.update(request, existing.id, values);
    id = existing.id;
  } else id = await writer.create(request, values);
  if (answers?.length) await saveChecklistAnswers(request, id, answers);
  return id;
}
