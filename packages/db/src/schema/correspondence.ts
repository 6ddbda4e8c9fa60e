import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

/**
 * A staff note on one record: a person, service, vehicle, licence request, inspection or complaint.
 * Notes are part of a record's history: deleting one keeps it, marked deleted.
 */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id'),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    license_request_id: uuid('license_request_id'),
    inspection_id: uuid('inspection_id'),
    complaint_id: uuid('complaint_id'),
    value: text('value').notNull(),
    created_by: uuid('created_by'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('notes_user_idx').on(t.user_id),
    index('notes_service_idx').on(t.service_id),
    index('notes_vehicle_idx').on(t.vehicle_id),
    index('notes_request_idx').on(t.license_request_id),
    check(
      'notes_one_subject',
      sql`num_nonnulls(${t.user_id}, ${t.service_id}, ${t.vehicle_id}, ${t.license_request_id}, ${t.inspection_id}, ${t.complaint_id}) = 1`,
    ),
  ],
);

/**
 * A letter or email with merge fields (`{{person.first_name}}`), for one kind of record (its merge
 * object) within a code (Licensing, Inspections, ...). The body is sanitised HTML.
 */
export const mergeTemplates = pgTable(
  'merge_templates',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    code: text('code').notNull(),
    merge_object: text('merge_object').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    subject: text('subject').notNull(),
    body_html: text('body_html').notNull(),
    active: boolean('active').notNull().default(true),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('merge_templates_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    index('merge_templates_code_idx').on(t.enterprise_id, t.code),
  ],
);

export type CorrespondenceStatus = 'queued' | 'sending' | 'sent' | 'held' | 'partial' | 'failed';

/** One send: a message to one or many recipients, from a merge template or free text. */
export const correspondences = pgTable(
  'correspondences',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    subject: text('subject').notNull(),
    /** Free text, or the template's body before merging when each recipient gets their own. */
    html_body: text('html_body').notNull(),
    text_body: text('text_body').notNull(),
    from_address: text('from_address'),
    reply_to: text('reply_to').array().notNull().default(sql`'{}'::text[]`),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    merge_template_id: uuid('merge_template_id'),
    /** The record merged (person, service, vehicle, request, credential); none: each recipient's own person. */
    merge_object: text('merge_object'),
    merge_entity_id: uuid('merge_entity_id'),
    document_ids: uuid('document_ids').array().notNull().default(sql`'{}'::uuid[]`),
    initiated_by_id: uuid('initiated_by_id'),
    /** A retried trigger action or task sends the same key: the second send is the first one. */
    idempotency_key: text('idempotency_key'),
    status: text('status').$type<CorrespondenceStatus>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    sent_count: integer('sent_count').notNull().default(0),
    failed_count: integer('failed_count').notNull().default(0),
    completed_at: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('correspondences_idempotency_key')
      .on(t.enterprise_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('correspondences_entity_idx').on(t.merge_entity_id),
    index('correspondences_created_idx').on(t.enterprise_id, t.created_at),
  ],
);

export type RecipientStatus = 'queued' | 'sending' | 'sent' | 'held' | 'failed';

/** One message of a send, to one address; failures are kept with the error and can be retried. */
export const correspondenceRecipients = pgTable(
  'correspondence_recipients',
  {
    id: id(),
    correspondence_id: uuid('correspondence_id')
      .notNull()
      .references(() => correspondences.id, { onDelete: 'cascade' }),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id'),
    address: text('address').notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** What this recipient got, once merged and sent. */
    subject: text('subject'),
    html_body: text('html_body'),
    text_body: text('text_body'),
    mail_log_id: uuid('mail_log_id'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('correspondence_recipients_send_idx').on(t.correspondence_id, t.status),
    index('correspondence_recipients_user_idx').on(t.user_id),
  ],
);
