import {
  type Db,
  documents,
  enterprises,
  ip_templates,
  ipChecklists,
  ipComments,
  ipInspections,
  ipVisits,
  users,
} from '@licensure/db';
import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordChange } from '../../platform/audit/record-change';
import { presentDocument } from '../../platform/files/documents';
import { notFound } from '../../platform/http/errors';
import { renderPdf } from '../../platform/pdf/render-pdf';
import type { Row } from '../../platform/resources/types';
import { checklistPages } from './checklist-report';
import { inspectionReport } from './inspection-pdf';
import { expandInspections } from './inspection-values';
import { inspectionResource, presentInspection } from './inspections.resources';

const fullName = (u: { first_name: string | null; last_name: string | null } | undefined) =>
  u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || null : null;

/** Renders the report of one live inspection of the caller's enterprise, from its stored data. */
export async function renderInspectionReport(db: Db, request: FastifyRequest, inspectionId: string) {
  const enterpriseId = request.enterpriseId;
  const [row] = await inspectionResource.joins!(
    db
      .select({ ...getTableColumns(ipInspections), ...inspectionResource.columns })
      .from(ipInspections)
      .$dynamic(),
  ).where(
    and(
      eq(ipInspections.id, inspectionId),
      eq(ipInspections.enterprise_id, enterpriseId),
      isNull(ipInspections.deleted_at),
    ),
  );
  if (!row) throw notFound('inspection');
  const stored = row as Row & typeof ipInspections.$inferSelect;
  const [expanded] = await expandInspections([row as Row], db);
  const inspection = presentInspection(expanded as Row) as ReturnType<typeof presentInspection> & Row;
  const [visit] = stored.visit_id
    ? await db.select().from(ipVisits).where(eq(ipVisits.id, stored.visit_id))
    : [];
  const [template] = await db.select().from(ip_templates).where(eq(ip_templates.id, stored.ip_template_id));
  const checklists = await db
    .select()
    .from(ipChecklists)
    .where(and(eq(ipChecklists.inspection_id, inspectionId), isNull(ipChecklists.deleted_at)))
    .orderBy(asc(ipChecklists.created_at));
  const comments = await db
    .select({ c: ipComments, first_name: users.first_name, last_name: users.last_name })
    .from(ipComments)
    .leftJoin(users, eq(users.id, ipComments.created_by))
    .where(and(eq(ipComments.inspection_id, inspectionId), eq(ipComments.show_on_pdf, true)))
    .orderBy(asc(ipComments.created_at));
  const [inspector] = stored.inspector_id
    ? await db.select().from(users).where(eq(users.id, stored.inspector_id))
    : [];
  const [enterprise] = await db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  const auth = request.auth!;
  const checklistData = [];
  for (const c of checklists)
    checklistData.push({
      name: c.name ?? String(template?.label ?? 'Checklist'),
      outcome: c.outcome,
      pages: await checklistPages(db, c),
      signer: c.signer_name,
      signature: c.signature,
      inPerson: c.signature_type_in_person,
    });
  const deficiencies = inspection.deficiencies as {
    deficiency: string | null;
    category: string | null;
    description: string;
    due_date: string | null;
    corrected_on: string | null;
  }[];
  const pdf = await renderPdf(
    inspectionReport({
      enterpriseName: enterprise?.name ?? '',
      number: stored.number,
      template: (row.template as string | null) ?? null,
      subject:
        stored.entity === 'vehicle'
          ? `Vehicle ${row.vehicle_name ?? ''}`.trim()
          : `Service ${row.service_name ?? ''}`.trim(),
      service: (row.service_name as string | null) ?? null,
      visitDate: visit ? [visit.inspection_date, visit.inspection_time].filter(Boolean).join(' ') : null,
      inspector: fullName(inspector),
      status: (row.status as string | null) ?? null,
      outcome: stored.outcome,
      notes: stored.notes,
      spotCheck: stored.spot_check,
      reportText: (template?.document_data as string | null) ?? null,
      checklists: checklistData,
      deficiencies,
      comments: comments.map((c) => ({
        comment: c.c.comment,
        author: fullName(c),
        date: c.c.created_at.toISOString().slice(0, 10),
      })),
      fees: inspection.fees as { label: string | null; quantity: number; amount_cents: number }[],
      signer: stored.signer_name,
      signature: stored.signature,
      inPerson: stored.signature_type_in_person,
      printedBy: [auth.firstName, auth.lastName].filter(Boolean).join(' ') || auth.userName,
    }),
  );
  return { pdf, inspection: stored, fileName: `Inspection ${stored.number ?? stored.id}.pdf` };
}

/** Renders the report and keeps it as a document of the inspection (and its service or vehicle). */
export async function storeInspectionReport(db: Db, request: FastifyRequest, inspectionId: string) {
  const { pdf, inspection, fileName } = await renderInspectionReport(db, request, inspectionId);
  const files = request.server.deps.files;
  const stored = await files.put(pdf);
  try {
    return await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({
          enterprise_id: request.enterpriseId,
          name: fileName.slice(0, 255),
          description: 'Inspection report',
          service_id: inspection.service_id,
          vehicle_id: inspection.vehicle_id,
          inspection_id: inspection.id,
          storage_key: stored.key,
          mime_type: 'application/pdf',
          size_bytes: stored.sizeBytes,
          sha256: stored.sha256,
          uploaded_by: request.auth?.userId ?? null,
        })
        .returning();
      await recordChange(
        tx,
        { userId: request.auth?.userId ?? null, enterpriseId: request.enterpriseId },
        {
          entity: 'documents',
          objectId: doc!.id,
          action: 'create',
          after: presentDocument(doc!),
        },
      );
      return { document_id: doc!.id, file_name: doc!.name, size: pdf.length };
    });
  } catch (err) {
    await files.delete(stored.key);
    throw err;
  }
}
