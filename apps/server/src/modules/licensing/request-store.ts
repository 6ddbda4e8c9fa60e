import type {
  ChargeCalculatedField,
  LicenseRequestDetail,
  LicenseRequestSummary,
} from '@licensure/contracts';
import {
  certifications,
  type Db,
  fbForms,
  fbPackageForms,
  fbResponses,
  licenseRequestHistory,
  licenseRequestProcessStatuses,
  licenseRequests,
  licenses,
  processes,
  processStatuses,
  referenceTables,
  services,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/events/record-event';
import { type CalendarDate, formatDate, parseDate } from './rules/relative-date';

type RequestRow = typeof licenseRequests.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns of a request summary, for list queries. */
export function summaryColumns() {
  const status = referenceTables.license_request_statuses;
  return {
    id: licenseRequests.id,
    license_id: licenseRequests.license_id,
    license_name: licenses.name,
    user_id: licenseRequests.user_id,
    service_id: licenseRequests.service_id,
    vehicle_id: licenseRequests.vehicle_id,
    subject_name: sql<string | null>`coalesce(
      nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''),
      ${services.name},
      nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.make}, ${vehicles.model}), ''))`,
    application_type_id: licenseRequests.application_type_id,
    status_id: licenseRequests.status_id,
    status_label: sql<string | null>`${status.label}`,
    progress: licenseRequests.progress,
    completed_on: licenseRequests.completed_on,
    renews_certification_id: licenseRequests.renews_certification_id,
    deleted_at: licenseRequests.deleted_at,
    delete_reason: licenseRequests.delete_reason,
    created_at: licenseRequests.created_at,
    updated_at: licenseRequests.updated_at,
  };
}

/** FROM license_requests with what a summary shows joined. */
export function summaryFrom(db: Db | Tx) {
  const status = referenceTables.license_request_statuses;
  return db
    .select(summaryColumns())
    .from(licenseRequests)
    .leftJoin(licenses, eq(licenses.id, licenseRequests.license_id))
    .leftJoin(users, eq(users.id, licenseRequests.user_id))
    .leftJoin(services, eq(services.id, licenseRequests.service_id))
    .leftJoin(vehicles, eq(vehicles.id, licenseRequests.vehicle_id))
    .leftJoin(status, eq(status.id, licenseRequests.status_id));
}

export function presentSummary(
  row: ReturnType<typeof summaryColumns> extends infer C ? { [K in keyof C]: unknown } : never,
): LicenseRequestSummary {
  const r = row as Record<string, unknown>;
  return {
    ...(r as unknown as LicenseRequestSummary),
    completed_on: iso(r.completed_on as Date | null),
    deleted_at: iso(r.deleted_at as Date | null),
    created_at: (r.created_at as Date).toISOString(),
    updated_at: (r.updated_at as Date).toISOString(),
  };
}

export async function loadSummary(db: Db | Tx, id: string): Promise<LicenseRequestSummary> {
  const [row] = await summaryFrom(db).where(eq(licenseRequests.id, id));
  if (!row) throw new Error(`request ${id} vanished`);
  return presentSummary(row);
}

/** The checked application types and levels of a request. */
export async function chosenTypes(db: Db | Tx, requestId: string) {
  const chosen = referenceTables.license_request_application_types;
  return db
    .select({
      application_type_id: sql<string>`${chosen.application_type_id}`,
      license_category_level_id: sql<string>`${chosen.license_category_level_id}`,
    })
    .from(chosen)
    .where(and(eq(chosen.license_request_id, requestId), eq(chosen.checked, true)));
}

export interface ComputedCharge {
  license_charge_id: string;
  description: string;
  quantity: number;
  amount_cents: number;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The quantity a calculated charge is multiplied by for this request. */
export async function chargeQuantity(
  db: Db | Tx,
  request: RequestRow,
  field: ChargeCalculatedField,
  levelCount: number,
  today: CalendarDate,
): Promise<number> {
  switch (field) {
    case 'flat':
      return 1;
    case 'levels':
      return levelCount;
    case 'vehicles': {
      const [row] = await db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(licenseRequests)
        .where(and(eq(licenseRequests.parent_request_id, request.id), isNull(licenseRequests.deleted_at)));
      return row?.n ?? 0;
    }
    case 'days_late':
    case 'months_late': {
      if (!request.renews_certification_id) return 0;
      const [cert] = await db
        .select({ expiration_date: certifications.expiration_date })
        .from(certifications)
        .where(eq(certifications.id, request.renews_certification_id));
      const expired = cert?.expiration_date ? parseDate(cert.expiration_date) : null;
      if (!expired) return 0;
      const days = daysBetween(formatDate(expired), formatDate(today));
      if (days <= 0) return 0;
      return field === 'days_late' ? days : Math.ceil(days / 30.4375);
    }
  }
}

/**
 * The charges a request owes: the licence's charges for its chosen application types and levels
 * (a charge without a type or level applies to all), each multiplied by its calculated field and
 * capped at its maximum. Charges that come to nothing are left out.
 */
export async function computeCharges(
  db: Db | Tx,
  request: RequestRow,
  today: CalendarDate,
  onlyChargeId?: string,
): Promise<ComputedCharge[]> {
  if (!request.license_id) return [];
  const charges = referenceTables.license_charges;
  const rows = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.license_id, request.license_id),
        eq(charges.active, true),
        onlyChargeId ? eq(charges.id, onlyChargeId) : undefined,
      ),
    )
    .orderBy(asc(charges.sort_order), asc(charges.label));
  const chosen = await chosenTypes(db, request.id);
  const types = new Set(chosen.map((c) => c.application_type_id));
  const levels = new Set(chosen.map((c) => c.license_category_level_id));
  const out: ComputedCharge[] = [];
  for (const c of rows) {
    const typeId = c.application_type_id as string | null;
    const levelId = c.license_category_level_id as string | null;
    if (typeId && !types.has(typeId)) continue;
    if (levelId && !levels.has(levelId)) continue;
    const field = (c.calculated_field ?? 'flat') as ChargeCalculatedField;
    const quantity = await chargeQuantity(db, request, field, levelId ? 1 : levels.size, today);
    if (quantity <= 0) continue;
    const max = c.max_cents as number | null;
    const amount = Number(c.amount_cents) * quantity;
    out.push({
      license_charge_id: c.id as string,
      description: c.label as string,
      quantity,
      amount_cents: max !== null && max !== undefined ? Math.min(amount, max) : amount,
    });
  }
  return out;
}

/** The forms of the licence's package, each with the request's response to it. */
export async function requestForms(db: Db | Tx, request: RequestRow) {
  if (!request.license_id) return [];
  const [license] = await db
    .select({ package_id: licenses.form_package_id })
    .from(licenses)
    .where(eq(licenses.id, request.license_id));
  if (!license?.package_id) return [];
  const forms = await db
    .select({ form_id: fbForms.id, form_name: fbForms.name, required: fbPackageForms.required })
    .from(fbPackageForms)
    .innerJoin(fbForms, eq(fbForms.id, fbPackageForms.form_id))
    .where(eq(fbPackageForms.package_id, license.package_id))
    .orderBy(asc(fbPackageForms.sort_order), asc(fbForms.name));
  const responses = forms.length
    ? await db
        .select({
          id: fbResponses.id,
          form_id: fbResponses.form_id,
          progress: fbResponses.progress,
          completed_on: fbResponses.completed_on,
        })
        .from(fbResponses)
        .where(
          and(
            eq(fbResponses.license_request_id, request.id),
            inArray(
              fbResponses.form_id,
              forms.map((f) => f.form_id),
            ),
          ),
        )
        .orderBy(desc(fbResponses.updated_at))
    : [];
  return forms.map((f) => {
    const r = responses.find((x) => x.form_id === f.form_id);
    return {
      ...f,
      response_id: r?.id ?? null,
      progress: r?.progress ?? null,
      completed_on: iso(r?.completed_on ?? null),
    };
  });
}

/** Everything the request page shows. */
export async function loadDetail(db: Db | Tx, request: RequestRow): Promise<LicenseRequestDetail> {
  const chosen = referenceTables.license_request_application_types;
  const appTypes = referenceTables.application_types;
  const levels = referenceTables.license_category_levels;
  const charges = referenceTables.license_request_charges;
  const reqStatus = referenceTables.license_request_statuses;
  const author = alias(users, 'author');
  const [summary, types, chargeRows, processRows, forms, history, certs] = await Promise.all([
    loadSummary(db, request.id),
    db
      .select({
        id: sql<string>`${chosen.id}`,
        application_type_id: sql<string>`${chosen.application_type_id}`,
        application_type_label: sql<string | null>`${appTypes.label}`,
        license_category_level_id: sql<string>`${chosen.license_category_level_id}`,
        level_label: sql<string | null>`${levels.label}`,
        checked: sql<boolean>`${chosen.checked}`,
      })
      .from(chosen)
      .leftJoin(appTypes, eq(appTypes.id, chosen.application_type_id))
      .leftJoin(levels, eq(levels.id, chosen.license_category_level_id))
      .where(eq(chosen.license_request_id, request.id))
      .orderBy(asc(appTypes.label), asc(levels.label)),
    db
      .select({
        id: sql<string>`${charges.id}`,
        description: sql<string>`${charges.description}`,
        quantity: sql<number>`${charges.quantity}`,
        amount_cents: sql<number>`${charges.amount_cents}`,
        paid: sql<boolean>`${charges.paid}`,
      })
      .from(charges)
      .where(eq(charges.license_request_id, request.id))
      .orderBy(asc(charges.created_at)),
    db
      .select({
        process_id: processes.id,
        process_label: processes.label,
        process_status_id: processStatuses.id,
        process_status_label: processStatuses.label,
        updated_at: licenseRequestProcessStatuses.updated_at,
      })
      .from(licenseRequestProcessStatuses)
      .innerJoin(processes, eq(processes.id, licenseRequestProcessStatuses.process_id))
      .innerJoin(processStatuses, eq(processStatuses.id, licenseRequestProcessStatuses.process_status_id))
      .where(eq(licenseRequestProcessStatuses.license_request_id, request.id))
      .orderBy(asc(processes.sort_order), asc(processes.label)),
    requestForms(db, request),
    db
      .select({
        id: licenseRequestHistory.id,
        kind: licenseRequestHistory.kind,
        at: licenseRequestHistory.at,
        user_name: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${author.first_name}, ${author.last_name})), '')`,
        note: licenseRequestHistory.note,
        status_label: sql<string | null>`${reqStatus.label}`,
        process_label: processes.label,
        process_status_label: processStatuses.label,
        manual_trigger: licenseRequestHistory.manual_trigger,
        link_trigger: licenseRequestHistory.link_trigger,
      })
      .from(licenseRequestHistory)
      .leftJoin(author, eq(author.id, licenseRequestHistory.user_id))
      .leftJoin(reqStatus, eq(reqStatus.id, licenseRequestHistory.license_request_status_id))
      .leftJoin(processes, eq(processes.id, licenseRequestHistory.process_id))
      .leftJoin(processStatuses, eq(processStatuses.id, licenseRequestHistory.process_status_id))
      .where(eq(licenseRequestHistory.license_request_id, request.id))
      .orderBy(asc(licenseRequestHistory.at), asc(licenseRequestHistory.id)),
    db
      .select({
        id: certifications.id,
        number: certifications.number,
        status: certifications.status,
        expiration_date: certifications.expiration_date,
      })
      .from(certifications)
      .where(eq(certifications.license_request_id, request.id)),
  ]);
  return {
    ...summary,
    parent_request_id: request.parent_request_id,
    current_trigger_count: request.current_trigger_count,
    training_validation_start: request.training_validation_start,
    training_validation_end: request.training_validation_end,
    application_types: types,
    charges: chargeRows,
    total_cents: chargeRows.reduce((sum, c) => sum + Number(c.amount_cents), 0),
    process_statuses: processRows.map((p) => ({ ...p, updated_at: p.updated_at.toISOString() })),
    forms,
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    certifications: certs,
  };
}

/** Records what happened to a request, by whom, in its history. */
export async function history(
  tx: Tx,
  request: FastifyRequest,
  requestId: string,
  entry: Omit<typeof licenseRequestHistory.$inferInsert, 'enterprise_id' | 'license_request_id'>,
) {
  await tx.insert(licenseRequestHistory).values({
    ...entry,
    enterprise_id: request.enterpriseId,
    license_request_id: requestId,
    user_id: request.auth?.userId ?? null,
  });
  // Every history entry is also a domain event (ids only: notes stay in the history).
  const { note: _note, ...ids } = entry;
  await recordEvent(tx, {
    enterpriseId: request.enterpriseId,
    name: `licenseRequest.${historyEventNames[entry.kind] ?? entry.kind}`,
    entity: 'license_requests',
    objectId: requestId,
    actorId: request.auth?.userId ?? null,
    payload: ids,
  });
}

const historyEventNames: Record<string, string> = {
  status: 'statusChanged',
  process: 'processChanged',
  issued: 'approved',
};

/** The licence's request status with this code, or null when it has none. */
export async function statusByCode(
  db: Db | Tx,
  licenseId: string | null,
  code: string,
): Promise<string | null> {
  if (!licenseId) return null;
  const s = referenceTables.license_request_statuses;
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.license_id, licenseId), sql`lower(${s.code}) = ${code}`))
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}
