import { ipChecklists, ipInspections } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';
import { storeInspectionReport } from './inspection-report';

type Writer = ReturnType<typeof createWriter>;

/**
 * Submits an inspection, in the spec's order: saves its checklists (marked complete, when
 * `handleChecklist`), renders and keeps the PDF report, then saves the inspection with the submit
 * flag (which records `inspection.submitted` for the trigger engine). A failure in any step throws
 * before the flag is written, so the inspection stays unsubmitted and the caller sees the error.
 */
export async function submitInspection(
  writer: Writer,
  request: FastifyRequest,
  id: string,
  options: { handleChecklist: boolean },
) {
  const db = request.server.deps.database.db;
  const [current] = await db
    .select({ submitted: ipInspections.submitted })
    .from(ipInspections)
    .where(and(eq(ipInspections.id, id), eq(ipInspections.enterprise_id, request.enterpriseId)));
  if (current?.submitted) throw new AppError('conflict', 'This inspection was already submitted.');
  if (options.handleChecklist)
    await db
      .update(ipChecklists)
      .set({ completed: true, updated_at: new Date() })
      .where(
        and(
          eq(ipChecklists.inspection_id, id),
          eq(ipChecklists.enterprise_id, request.enterpriseId),
          isNull(ipChecklists.deleted_at),
        ),
      );
  const report = await storeInspectionReport(db, request, id);
  await writer.update(request, id, {
    submitted: true,
    submitted_at: new Date(),
    submitted_by: request.auth?.userId ?? null,
    pdf_document_id: report.document_id,
  });
  return report;
}
