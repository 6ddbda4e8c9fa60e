import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { fbResponses } from './forms';
import { users } from './platform';

/**
 * An uploaded file and what it is about. The bytes live in the file storage under `storage_key`
 * (a random name); this row holds its metadata. `user_id` is the person the document belongs to
 * (the spec's `candidate_id`); `fb_response_id` the form response it answers, `question_id` the question.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    document_type_id: uuid('document_type_id'),
    user_id: uuid('user_id').references(() => users.id),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    fb_response_id: uuid('fb_response_id').references(() => fbResponses.id, { onDelete: 'set null' }),
    question_id: uuid('question_id'),
    inspection_id: uuid('inspection_id'),
    complaint_id: uuid('complaint_id'),
    /** The record (of any kind) the document is attached to (createDocumentObject). */
    data_object_id: uuid('data_object_id'),
    data_object: text('data_object'),
    code: text('code'),
    from_complaint: boolean('from_complaint').notNull().default(false),
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    locked: boolean('locked').notNull().default(false),
    expiration_date: date('expiration_date', { mode: 'string' }),
    uploaded_by: uuid('uploaded_by').references(() => users.id),
    /**
     * Files sent through the public complaint form wait for staff to look at them: 'pending' until
     * released (then served like any document) or discarded (then also deleted). Null: never screened.
     */
    screening: text('screening').$type<'pending' | 'released' | 'discarded'>(),
    screened_by: uuid('screened_by').references(() => users.id),
    screened_at: timestamp('screened_at', { withTimezone: true, mode: 'date' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('documents_enterprise_idx').on(t.enterprise_id),
    index('documents_user_idx').on(t.user_id),
    index('documents_service_idx').on(t.service_id),
    index('documents_inspection_idx').on(t.inspection_id).where(sql`${t.inspection_id} is not null`),
    index('documents_response_idx').on(t.fb_response_id).where(sql`${t.fb_response_id} is not null`),
    index('documents_complaint_idx').on(t.complaint_id).where(sql`${t.complaint_id} is not null`),
  ],
);

/**
 * Bytes and files the public (no staff session) uploaded per day and sending address, for the daily
 * quotas of anonymous uploads. `address` is a SHA-256 of the address (the row of '*' is the day's
 * total over every address); rows older than a few days are removed as new days start.
 */
export const publicUploadUsage = pgTable(
  'public_upload_usage',
  {
    day: date('day', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    files: integer('files').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.address] })],
);

/** Every read of a document: views, downloads, zips (Documents/LogDocumentAccess). */
export const documentAccessLog = pgTable(
  'document_access_log',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    document_id: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id'),
    action: text('action').$type<'view' | 'download' | 'zip' | 'logged'>().notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('document_access_log_document_idx').on(t.document_id, t.at)],
);
