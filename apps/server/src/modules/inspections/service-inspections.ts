import type {
  DeficiencyCorrectionOutput,
  PermissionKey,
  ServiceInspectionOutput,
} from '@licensure/contracts';
import {
  type Db,
  documents,
  ip_deficiencies,
  ip_deficiency_categories,
  ip_templates,
  ipDeficiencyCorrections,
  ipInspectionDeficiencies,
  ipInspections,
  ipVisits,
  services,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../platform/http/errors';
import { administeredRows, administeredServiceIds } from '../../platform/permissions';

/**
 * What a service's administrator reaches: submitted, live inspections of a service they administer
 * today (the rule of platform/permissions). Someone who administers no service is refused (403); an
 * inspection of another service, or a draft, is not found (404). Staff holding `seesAll` (reading:
 * inspections.read; correcting: inspections.write) reach every submitted inspection, as the other
 * administered-row scopes let them.
 */
export async function requireAdministrator(
  db: Db | Tx,
  request: FastifyRequest,
  seesAll: PermissionKey = 'inspections.read',
): Promise<SQL> {
  const userId = request.auth?.userId;
  if (!userId) throw forbidden();
  const scope = administeredRows(ipInspections.service_id, [seesAll])(request.auth);
  if (scope && (await administeredServiceIds(db, request.enterpriseId, userId)).length === 0)
    throw forbidden();
  return and(
    eq(ipInspections.enterprise_id, request.enterpriseId),
    eq(ipInspections.submitted, true),
    isNull(ipInspections.deleted_at),
    scope?.where(userId),
  ) as SQL;
}

const openCount = sql<number>`(select count(*)::int from ${ipInspectionDeficiencies} d
  where d.inspection_id = ${ipInspections.id} and d.corrected_on is null)`;
const vehicleName = sql<
  string | null
>`nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.serial_number}), '')`;

function summaryQuery(db: Db | Tx) {
  return db
    .select({
      id: ipInspections.id,
      number: ipInspections.number,
      template: ip_templates.label,
      entity: ipInspections.entity,
      service_id: ipInspections.service_id,
      service_name: services.name,
      vehicle_name: vehicleName,
      outcome: ipInspections.outcome,
      notes: ipInspections.notes,
      visit_date: ipVisits.inspection_date,
      submitted_at: ipInspections.submitted_at,
      pdf_document_id: ipInspections.pdf_document_id,
      open_deficiencies: openCount,
    })
    .from(ipInspections)
    .leftJoin(ip_templates, eq(ip_templates.id, ipInspections.ip_template_id))
    .leftJoin(services, eq(services.id, ipInspections.service_id))
    .leftJoin(vehicles, eq(vehicles.id, ipInspections.vehicle_id))
    .leftJoin(ipVisits, eq(ipVisits.id, ipInspections.visit_id));
}

const summaryOf = (r: Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]) => ({
  id: r.id,
  number: r.number,
  template: (r.template as string | null) ?? null,
  entity: r.entity,
  service_id: r.service_id,
  service_name: r.service_name,
  vehicle_name: r.vehicle_name,
  outcome: r.outcome,
  visit_date: r.visit_date,
  submitted_at: r.submitted_at?.toISOString() ?? null,
  open_deficiencies: Number(r.open_deficiencies ?? 0),
});

/** The submitted inspections of the services the caller administers, newest first. */
export async function listServiceInspections(db: Db, request: FastifyRequest) {
  const reachable = await requireAdministrator(db, request);
  const rows = await summaryQuery(db)
    .where(reachable)
    .orderBy(desc(ipInspections.submitted_at), desc(ipInspections.created_at))
    .limit(500);
  return rows.map(summaryOf);
}

/** One reachable inspection's row (404 otherwise), with its stored report's id. */
export async function loadServiceInspection(
  db: Db | Tx,
  request: FastifyRequest,
  id: string,
  seesAll: PermissionKey = 'inspections.read',
) {
  const reachable = await requireAdministrator(db, request, seesAll);
  const [row] = await summaryQuery(db).where(and(eq(ipInspections.id, id), reachable));
  if (!row) throw notFound('inspection');
  return row;
}

/** The corrections of an inspection's deficiencies, oldest first, with who sent them. */
export async function correctionsOf(
  db: Db | Tx,
  inspectionIds: string[],
): Promise<DeficiencyCorrectionOutput[]> {
  if (inspectionIds.length === 0) return [];
  const rows = await db
    .select({
      c: ipDeficiencyCorrections,
      document_name: documents.name,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(ipDeficiencyCorrections)
    .leftJoin(documents, eq(documents.id, ipDeficiencyCorrections.document_id))
    .leftJoin(users, eq(users.id, ipDeficiencyCorrections.submitted_by))
    .where(inArray(ipDeficiencyCorrections.inspection_id, inspectionIds))
    .orderBy(asc(ipDeficiencyCorrections.created_at));
  return rows.map(({ c, document_name, first_name, last_name }) =>
    presentCorrection(c, document_name, [first_name, last_name]),
  );
}

export function presentCorrection(
  c: typeof ipDeficiencyCorrections.$inferSelect,
  documentName: string | null = null,
  names: (string | null)[] = [],
): DeficiencyCorrectionOutput {
  return {
    id: c.id,
    inspection_id: c.inspection_id,
    deficiency_id: c.deficiency_id,
    correction: c.correction,
    document_id: c.document_id,
    document_name: documentName,
    status: c.status,
    submitted_by: c.submitted_by,
    submitted_by_name: names.filter(Boolean).join(' ') || null,
    reviewed_by: c.reviewed_by,
    reviewed_at: c.reviewed_at?.toISOString() ?? null,
    reject_reason: c.reject_reason,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

/** A reachable inspection with its deficiencies, each with the corrections sent for it. */
export async function serviceInspection(
  db: Db,
  request: FastifyRequest,
  id: string,
): Promise<ServiceInspectionOutput> {
  const row = await loadServiceInspection(db, request, id);
  const defs = await db
    .select({
      d: ipInspectionDeficiencies,
      category: ip_deficiency_categories.label,
      deficiency: ip_deficiencies.label,
    })
    .from(ipInspectionDeficiencies)
    .leftJoin(
      ip_deficiency_categories,
      eq(ip_deficiency_categories.id, ipInspectionDeficiencies.ip_deficiency_category_id),
    )
    .leftJoin(ip_deficiencies, eq(ip_deficiencies.id, ipInspectionDeficiencies.ip_deficiency_id))
    .where(eq(ipInspectionDeficiencies.inspection_id, id))
    .orderBy(asc(ipInspectionDeficiencies.sort_order));
  const corrections = await correctionsOf(db, [id]);
  return {
    ...summaryOf(row),
    notes: row.notes,
    deficiencies: defs.map(({ d, category, deficiency }) => ({
      id: d.id,
      deficiency: (deficiency as string | null) ?? null,
      category: (category as string | null) ?? null,
      description: d.description,
      due_date: d.due_date,
      corrected_on: d.corrected_on,
      corrections: corrections.filter((c) => c.deficiency_id === d.id),
    })),
  };
}
