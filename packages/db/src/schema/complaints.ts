import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });

/**
 * A complaint against a person, a service or a vehicle (at most one linked record; the complainant's
 * words in `subject_name` until staff link one). Enforcement records: never erased, deleted with a reason.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    number: text('number'),
    complaint_category_id: uuid('complaint_category_id'),
    complaint_status_id: uuid('complaint_status_id'),
    user_id: uuid('user_id'),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    certification_id: uuid('certification_id'),
    subject_name: text('subject_name'),
    /** The portal user who filed it, when signed in; the complainant's identity is never shown to the subject. */
    complainant_user_id: uuid('complainant_user_id'),
    complainant_first_name: text('complainant_first_name'),
    complainant_last_name: text('complainant_last_name'),
    complainant_email: text('complainant_email'),
    complainant_phone: text('complainant_phone'),
    complainant_address: text('complainant_address'),
    description: text('description').notNull(),
    incident_date: date('incident_date', { mode: 'string' }),
    incident_location: text('incident_location'),
    assigned_to: uuid('assigned_to'),
    source: text('source').$type<'staff' | 'public' | 'portal'>().notNull().default('staff'),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('complaints_number_key').on(t.enterprise_id, t.number),
    index('complaints_recent_idx').on(t.enterprise_id, t.received_at).where(sql`${t.deleted_at} is null`),
    index('complaints_user_idx').on(t.user_id),
    index('complaints_service_idx').on(t.service_id),
    index('complaints_complainant_idx').on(t.complainant_user_id),
    check('complaints_one_subject', sql`num_nonnulls(${t.user_id}, ${t.service_id}, ${t.vehicle_id}) <= 1`),
  ],
);

/** A confidential investigation opened from a complaint, with its disciplinary outcome. */
export const investigations = pgTable(
  'investigations',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    complaint_id: uuid('complaint_id').notNull(),
    status: text('status').$type<'open' | 'review' | 'closed'>().notNull().default('open'),
    investigator_ids: uuid('investigator_ids').array().notNull().default(sql`'{}'::uuid[]`),
    summary: text('summary'),
    findings: text('findings'),
    outcome: text('outcome')
      .$type<'none' | 'dismissed' | 'reprimand' | 'probation' | 'suspension' | 'revocation'>()
      .notNull()
      .default('none'),
    outcome_date: date('outcome_date', { mode: 'string' }),
    outcome_public: boolean('outcome_public').notNull().default(false),
    certification_id: uuid('certification_id'),
    opened_at: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('investigations_complaint_idx').on(t.complaint_id)],
);

/** Activity tracking: what was done on a complaint (and, with investigation_id, in its investigation). */
export const complaintActivities = pgTable(
  'complaint_activities',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    complaint_id: uuid('complaint_id').notNull(),
    investigation_id: uuid('investigation_id'),
    complaint_activity_type_id: uuid('complaint_activity_type_id'),
    activity_date: date('activity_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    hours: numeric('hours', { precision: 7, scale: 2, mode: 'number' }),
    performed_by: uuid('performed_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('complaint_activities_complaint_idx').on(t.complaint_id),
    index('complaint_activities_investigation_idx').on(t.investigation_id),
  ],
);

/** Monitoring: an action set on a complaint (probation reports, audits) and its dates. */
export const complaintActions = pgTable(
  'complaint_actions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    complaint_id: uuid('complaint_id').notNull(),
    complaint_monitoring_action_id: uuid('complaint_monitoring_action_id').notNull(),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    notes: text('notes'),
    completed: boolean('completed').notNull().default(false),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('complaint_actions_complaint_idx').on(t.complaint_id)],
);

/** Who read or printed which complaint or investigation, and when. */
export const complaintAccessLog = pgTable(
  'complaint_access_log',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    complaint_id: uuid('complaint_id').notNull(),
    investigation_id: uuid('investigation_id'),
    viewer_id: uuid('viewer_id'),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('complaint_access_log_complaint_idx').on(t.complaint_id, t.at)],
);
