import type { VisitOfflineBundle } from '@licensure/contracts';
import {
  type Db,
  fbResponses,
  ip_deficiencies,
  ip_deficiency_categories,
  ip_extra_fees,
  ip_statuses,
  ip_templates,
  ipChecklists,
  ipComments,
  ipInspectionDeficiencies,
  ipInspections,
  type ReferenceTable,
  serviceVehicles,
  users,
  vehicles,
} from '@licensure/db';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Row } from '../../platform/resources/types';
import type { createWriter } from '../../platform/resources/write';
import { loadLiveDefinition } from '../forms/form-store';
import { loadAnswers } from '../responses/present';
import { checklistResource, commentResource, visitResource } from './inspections.resources';
import { inspectionsOfVisit } from './visit-lists';

type Writer = ReturnType<typeof createWriter>;
const live = (t: ReferenceTable, enterpriseId: string) =>
  and(eq(t.enterprise_id, enterpriseId), eq(t.active, true));

/** The service's vehicles (current and past), for the inspector to pick from offline. */
async function serviceFleet(db: Db, serviceId: string) {
  return db
    .selectDistinct({
      id: vehicles.id,
      unit_number: vehicles.unit_number,
      serial_number: vehicles.serial_number,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(serviceVehicles)
    .innerJoin(vehicles, eq(vehicles.id, serviceVehicles.vehicle_id))
    .where(and(eq(serviceVehicles.service_id, serviceId), isNull(vehicles.deleted_at)));
}

/** Deficiencies of the service's other inspections, open ones first, at most 200. */
async function previousDeficiencies(db: Db, enterpriseId: string, serviceId: string, visitId: string) {
  return db
    .select({
      id: ipInspectionDeficiencies.id,
      inspection_id: ipInspections.id,
      inspection_number: ipInspections.number,
      vehicle_id: ipInspections.vehicle_id,
      description: ipInspectionDeficiencies.description,
      category: sql<string | null>`${ip_deficiency_categories.label}`,
      due_date: ipInspectionDeficiencies.due_date,
      corrected_on: ipInspectionDeficiencies.corrected_on,
    })
    .from(ipInspectionDeficiencies)
    .innerJoin(ipInspections, eq(ipInspections.id, ipInspectionDeficiencies.inspection_id))
    .leftJoin(
      ip_deficiency_categories,
      eq(ip_deficiency_categories.id, ipInspectionDeficiencies.ip_deficiency_category_id),
    )
    .where(
      and(
        eq(ipInspections.enterprise_id, enterpriseId),
        eq(ipInspections.service_id, serviceId),
        isNull(ipInspections.deleted_at),
        sql`${ipInspections.visit_id} is distinct from ${visitId}`,
      ),
    )
    .orderBy(
      sql`${ipInspectionDeficiencies.corrected_on} is not null`,
      desc(ipInspectionDeficiencies.created_at),
    )
    .limit(200);
}

/**
 * GET IPVisits/{id}/offline: the visit, its inspections, checklists with their answers, comments, the
 * templates and checklist forms they use, the service's vehicles, its earlier deficiencies and the
 * lists an inspector picks from. Every record carries the updated_at its later edits are compared with.
 */
export async function visitOfflineBundle(
  db: Db,
  request: FastifyRequest,
  visits: Writer,
  visitId: string,
): Promise<VisitOfflineBundle> {
  const e = request.enterpriseId;
  const visitRow = await visits.load(db, request, visitId);
  const inspections = (await inspectionsOfVisit(db, request, visitId)) as VisitOfflineBundle['inspections'];
  const ids = inspections.map((i) => String(i.id));
  const checklistRows = ids.length
    ? await db
        .select()
        .from(ipChecklists)
        .where(and(inArray(ipChecklists.inspection_id, ids), isNull(ipChecklists.deleted_at)))
        .orderBy(asc(ipChecklists.created_at))
    : [];
  const checklistIds = checklistRows.map((c) => c.id);
  const responseRows = checklistIds.length
    ? await db
        .select({ id: fbResponses.id, checklist_id: fbResponses.checklist_id, form_id: fbResponses.form_id })
        .from(fbResponses)
        .where(and(eq(fbResponses.enterprise_id, e), inArray(fbResponses.checklist_id, checklistIds)))
    : [];
  const responses = [];
  for (const r of responseRows) responses.push({ ...r, questions: await loadAnswers(db, r.id) });
  const author = sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`;
  const comments = ids.length
    ? await db
        .select({ ...getTableColumns(ipComments), author_name: author })
        .from(ipComments)
        .leftJoin(users, eq(users.id, ipComments.created_by))
        .where(inArray(ipComments.inspection_id, ids))
        .orderBy(asc(ipComments.created_at))
    : [];
  const templateIds = [
    ...new Set(
      [
        ...inspections.map((i) => i.ip_template_id),
        visitRow.service_template_id,
        visitRow.vehicle_template_id,
      ].filter(Boolean) as string[],
    ),
  ];
  const templates = templateIds.length
    ? await db
        .select()
        .from(ip_templates)
        .where(and(eq(ip_templates.enterprise_id, e), inArray(ip_templates.id, templateIds)))
    : [];
  const forms = [];
  for (const formId of new Set(
    templates.map((t) => t.form_id as string | null).filter(Boolean) as string[],
  )) {
    const form = await loadLiveDefinition(db, e, formId);
    if (form) forms.push(form);
  }
  const serviceId = String(visitRow.service_id);
  return {
    downloaded_at: new Date().toISOString(),
    visit: visitResource.present!(visitRow) as VisitOfflineBundle['visit'],
    inspections,
    checklists: checklistRows.map((c) =>
      checklistResource.present!(c as Row),
    ) as VisitOfflineBundle['checklists'],
    responses,
    comments: comments.map((c) => commentResource.present!(c as Row)) as VisitOfflineBundle['comments'],
    templates: templates.map((t) => ({
      id: t.id as string,
      label: t.label as string,
      entity: t.entity as 'service' | 'vehicle',
      form_id: (t.form_id as string | null) ?? null,
      result_set: (t.result_set as string | null) ?? null,
      document_data: (t.document_data as string | null) ?? null,
    })),
    forms: forms as VisitOfflineBundle['forms'],
    vehicles: await serviceFleet(db, serviceId),
    previous_deficiencies: await previousDeficiencies(db, e, serviceId, visitId),
    statuses: (
      await db.select().from(ip_statuses).where(live(ip_statuses, e)).orderBy(asc(ip_statuses.sort_order))
    ).map((s) => ({ id: s.id as string, label: s.label as string, is_final: s.is_final === true })),
    deficiencies: (await db.select().from(ip_deficiencies).where(live(ip_deficiencies, e))).map((d) => ({
      id: d.id as string,
      label: d.label as string,
      ip_deficiency_category_id: (d.ip_deficiency_category_id as string | null) ?? null,
      entity: (d.entity as string | null) ?? null,
      correction_days: (d.correction_days as number | null) ?? null,
    })),
    deficiency_categories: (
      await db.select().from(ip_deficiency_categories).where(live(ip_deficiency_categories, e))
    ).map((c) => ({
      id: c.id as string,
      label: c.label as string,
      correction_days: (c.correction_days as number | null) ?? null,
    })),
    extra_fees: (await db.select().from(ip_extra_fees).where(live(ip_extra_fees, e))).map((f) => ({
      id: f.id as string,
      label: f.label as string,
      amount_cents: Number(f.amount_cents ?? 0),
    })),
  };
}
