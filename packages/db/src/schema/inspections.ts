import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visit to a service on a date (and a time, when one was set), by its inspectors; it holds one
 * inspection per chosen service and vehicle. Regulatory history: deleted with a reason, never erased.
 */
export const ipVisits = pgTable(
  'ip_visits',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id').notNull(),
    inspection_date: date('inspection_date', { mode: 'string' }).notNull(),
    /** 24-hour hh:mm:ss, only when the visit was given a time. */
    inspection_time: text('inspection_time'),
    date_time_set: boolean('date_time_set').notNull().default(false),
    status: text('status')
      .$type<'scheduled' | 'in_progress' | 'completed' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    spot_check: boolean('spot_check').notNull().default(false),
    inspector_ids: uuid('inspector_ids').array().notNull().default(sql`'{}'::uuid[]`),
    service_template_id: uuid('service_template_id'),
    vehicle_template_id: uuid('vehicle_template_id'),
    notes: text('notes'),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ip_visits_date_idx').on(t.enterprise_id, t.inspection_date),
    index('ip_visits_service_idx').on(t.service_id),
  ],
);

/** One inspection of a service or a vehicle, numbered from the inspection auto number of its kind. */
export const ipInspections = pgTable(
  'ip_inspections',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    number: text('number'),
    visit_id: uuid('visit_id'),
    ip_template_id: uuid('ip_template_id').notNull(),
    entity: text('entity').$type<'service' | 'vehicle'>().notNull(),
    service_id: uuid('service_id').notNull(),
    vehicle_id: uuid('vehicle_id'),
    ip_status_id: uuid('ip_status_id'),
    inspector_id: uuid('inspector_id'),
    outcome: text('outcome'),
    notes: text('notes'),
    signer_name: text('signer_name'),
    /** The signature as a PNG data URL. */
    signature: text('signature'),
    signature_type_in_person: boolean('signature_type_in_person').notNull().default(true),
    spot_check: boolean('spot_check').notNull().default(false),
    submitted: boolean('submitted').notNull().default(false),
    submitted_at: at('submitted_at'),
    submitted_by: uuid('submitted_by'),
    pdf_document_id: uuid('pdf_document_id'),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ip_inspections_number_key').on(t.enterprise_id, t.number),
    index('ip_inspections_visit_idx').on(t.visit_id),
    index('ip_inspections_service_idx').on(t.service_id),
  ],
);

/**
 * A deficiency found on an inspection, with the date it must be corrected by and its correction.
 * `client_id` is the id the inspector's device gave it offline: uploading it twice keeps one row.
 */
export const ipInspectionDeficiencies = pgTable(
  'ip_inspection_deficiencies',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    inspection_id: uuid('inspection_id')
      .notNull()
      .references(() => ipInspections.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id'),
    ip_deficiency_id: uuid('ip_deficiency_id'),
    ip_deficiency_category_id: uuid('ip_deficiency_category_id'),
    description: text('description').notNull(),
    due_date: date('due_date', { mode: 'string' }),
    corrected_on: date('corrected_on', { mode: 'string' }),
    correction_notes: text('correction_notes'),
    photo_document_ids: uuid('photo_document_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ip_inspection_deficiencies_inspection_idx').on(t.inspection_id),
    uniqueIndex('ip_inspection_deficiencies_client_key').on(t.inspection_id, t.client_id),
  ],
);

/** Where a correction stands: sent by the service, then accepted or rejected by staff. */
export const deficiencyCorrectionStatuses = ['submitted', 'accepted', 'rejected'] as const;

/**
 * A service administrator's answer to a deficiency of a submitted inspection: what was done and,
 * optionally, a document showing it (attached to the inspection). Staff accept it (the deficiency is
 * then corrected on that day) or reject it with a reason sent to the administrator.
 */
export const ipDeficiencyCorrections = pgTable(
  'ip_deficiency_corrections',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    inspection_id: uuid('inspection_id')
      .notNull()
      .references(() => ipInspections.id, { onDelete: 'cascade' }),
    deficiency_id: uuid('deficiency_id')
      .notNull()
      .references(() => ipInspectionDeficiencies.id, { onDelete: 'cascade' }),
    correction: text('correction').notNull(),
    document_id: uuid('document_id'),
    status: text('status')
      .$type<(typeof deficiencyCorrectionStatuses)[number]>()
      .notNull()
      .default('submitted'),
    submitted_by: uuid('submitted_by').notNull(),
    reviewed_by: uuid('reviewed_by'),
    reviewed_at: at('reviewed_at'),
    reject_reason: text('reject_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ip_deficiency_corrections_deficiency_idx').on(t.deficiency_id),
    index('ip_deficiency_corrections_inspection_idx').on(t.inspection_id),
  ],
);

/** An extra fee charged on an inspection, its amount fixed when it was added. */
export const ipInspectionFees = pgTable(
  'ip_inspection_fees',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    inspection_id: uuid('inspection_id')
      .notNull()
      .references(() => ipInspections.id, { onDelete: 'cascade' }),
    ip_extra_fee_id: uuid('ip_extra_fee_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amount_cents: integer('amount_cents').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('ip_inspection_fees_inspection_idx').on(t.inspection_id)],
);

/** A checklist of an inspection: the template's form, answered as a form response (fb_responses). */
export const ipChecklists = pgTable(
  'ip_checklists',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** The id the inspector's device gave it offline: uploading it twice keeps one checklist. */
    client_id: uuid('client_id'),
    inspection_id: uuid('inspection_id').notNull(),
    form_id: uuid('form_id'),
    response_id: uuid('response_id'),
    name: text('name'),
    completed: boolean('completed').notNull().default(false),
    outcome: text('outcome'),
    signer_name: text('signer_name'),
    signature: text('signature'),
    signature_type_in_person: boolean('signature_type_in_person').notNull().default(true),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ip_checklists_inspection_idx').on(t.inspection_id),
    uniqueIndex('ip_checklists_client_key').on(t.enterprise_id, t.client_id),
  ],
);

/** An administrative comment on an inspection; printed on the report only when flagged. */
export const ipComments = pgTable(
  'ip_comments',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    inspection_id: uuid('inspection_id').notNull(),
    comment: text('comment').notNull(),
    show_on_pdf: boolean('show_on_pdf').notNull().default(false),
    resolved: boolean('resolved').notNull().default(false),
    resolved_at: at('resolved_at'),
    resolved_by: uuid('resolved_by'),
    created_by: uuid('created_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('ip_comments_inspection_idx').on(t.inspection_id)],
);

/**
 * An inspector's checkout of a visit for offline field work. One open checkout per visit: another
 * inspector takes it over explicitly (the open one is closed, `taken_over_from` names its holder).
 */
export const ipCheckoutLogs = pgTable(
  'ip_checkout_logs',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    visit_id: uuid('visit_id').notNull(),
    user_id: uuid('user_id').notNull(),
    device: text('device'),
    checked_out_at: at('checked_out_at').notNull().defaultNow(),
    checked_in_at: at('checked_in_at'),
    taken_over_from: uuid('taken_over_from'),
    /** The visit's updated_at when it was checked out. */
    visit_version: text('visit_version'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ip_checkout_logs_open_key').on(t.visit_id).where(sql`${t.checked_in_at} is null`),
    index('ip_checkout_logs_user_idx').on(t.user_id),
  ],
);
