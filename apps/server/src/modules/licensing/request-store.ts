import type { LicenseRequestDetail, LicenseRequestSummary, RequestHistoryEntry } from '@licensure/contracts';
import { requestHistoryEvents } from '@licensure/contracts';
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
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { recordEvent } from '../../platform/events/record-event';

type RequestRow = typeof licenseRequests.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const assignee = alias(users, 'assignee');

/** Who reads a request: staff (requests.read) see internal notes; the applicant never does. */
export type Audience = 'staff' | 'applicant';
export const audienceOf = (auth: { permissions: ReadonlySet<string> } | null): Audience =>
  auth?.permissions.has('requests.read') ? 'staff' : 'applicant';

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
    review_state: licenseRequests.review_state,
    completed_on: licenseRequests.completed_on,
    assigned_to: licenseRequests.assigned_to,
    assigned_to_name: sql<
      string | null
    >`nullif(trim(concat_ws(' ', ${assignee.first_name}, ${assignee.last_name})), '')`,
    assigned_at: licenseRequests.assigned_at,
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
    .leftJoin(status, eq(status.id, licenseRequests.status_id))
    .leftJoin(assignee, eq(assignee.id, licenseRequests.assigned_to));
}

export function presentSummary(
  row: ReturnType<typeof summaryColumns> extends infer C ? { [K in keyof C]: unknown } : never,
): LicenseRequestSummary {
  const r = row as Record<string, unknown>;
  return {
    ...(r as unknown as LicenseRequestSummary),
    completed_on: iso(r.completed_on as Date | null),
    assigned_at: iso(r.assigned_at as Date | null),
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

/** Entries that, internal, are wholly for staff: notes and checkouts. */
const staffOnlyKinds = ['note', 'assigned'];

/**
 * The history as its audience may read it: the applicant never receives a staff-only entry (a note)
 * nor the internal note of an entry they may see (a process change's note).
 */
export function historyFor(entries: RequestHistoryEntry[], audience: Audience): RequestHistoryEntry[] {
  if (audience === 'staff') return entries;
  return entries
    .filter((h) => !(h.internal && staffOnlyKinds.includes(h.kind)))
    .map((h) => (h.internal ? { ...h, note: null, manual_trigger: null, link_trigger: null } : h));
}

/** What the reviewer asks of the applicant now: the latest return or request for information. */
export function pendingOf(request: Pick<RequestRow, 'review_state'>, entries: RequestHistoryEntry[]) {
  const kind =
    request.review_state === 'returned'
      ? 'returned'
      : request.review_state === 'info_requested'
        ? 'info_requested'
        : null;
  if (!kind) return null;
  return [...entries].reverse().find((h) => h.kind === kind) ?? null;
}

/** Everything the request page shows, for its audience (staff, or the applicant without internal notes). */
export async function loadDetail(
  db: Db | Tx,
  request: RequestRow,
  audience: Audience,
): Promise<LicenseRequestDetail> {
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
        internal: licenseRequestHistory.internal,
        concern: licenseRequestHistory.concern,
        details: licenseRequestHistory.details,
      })
      .from(licenseRequestHistory)
      .leftJoin(author, eq(author.id, licenseRequestHistory.user_id))
      .leftJoin(reqStatus, eq(reqStatus.id, licenseRequestHistory.license_request_status_id))
      .leftJoin(processes, eq(processes.id, licenseRequestHistory.process_id))
      .leftJoin(processStatuses, eq(processStatuses.id, licenseRequestHistory.process_status_id))
      .where(
        and(
          eq(licenseRequestHistory.license_request_id, request.id),
          // Staff-only entries are not even read for the applicant.
          audience === 'staff'
            ? undefined
            : sql`not (${licenseRequestHistory.internal} and ${licenseRequestHistory.kind} in ('note', 'assigned'))`,
        ),
      )
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
  const entries = historyFor(
    history.map((h) => ({
      ...h,
      at: h.at.toISOString(),
      details: (h.details ?? null) as RequestHistoryEntry['details'],
    })),
    audience,
  );
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
    history: entries,
    pending: pendingOf(request, entries),
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
  const [row] = await tx
    .insert(licenseRequestHistory)
    .values({
      ...entry,
      enterprise_id: request.enterpriseId,
      license_request_id: requestId,
      user_id: request.auth?.userId ?? null,
    })
    .returning({ id: licenseRequestHistory.id });
  // Every history entry is also a domain event (ids only: notes and messages stay in the history).
  const { note: _note, details: _details, ...ids } = entry;
  await recordEvent(tx, {
    enterpriseId: request.enterpriseId,
    name: requestHistoryEvents[entry.kind],
    entity: 'license_requests',
    objectId: requestId,
    actorId: request.auth?.userId ?? null,
    payload: { ...ids, historyId: row?.id ?? null },
  });
}

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
