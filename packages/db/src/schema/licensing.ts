import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { fbPackages, licenseRequests } from './forms';
import { processes, processStatuses, users } from './platform';

/**
 * A kind of credential the regulator issues to one kind of holder. Its categories, levels,
 * statuses, charges and processes are declarative resources (contracts' `licensingResources`);
 * the number pattern of issued credentials is an `autonumbers` record.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    entity: text('entity').$type<'user' | 'service' | 'vehicle'>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Whether the public may look its credentials up. */
    public_lookup: boolean('public_lookup').notNull().default(true),
    /** The forms an application fills. */
    form_package_id: uuid('form_package_id').references(() => fbPackages.id, { onDelete: 'set null' }),
    /** The `autonumbers` record that numbers issued credentials. */
    autonumber_id: uuid('autonumber_id'),
    /** How many days before expiry a holder may renew. */
    renewal_window_days: integer('renewal_window_days').notNull().default(90),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('licenses_enterprise_idx').on(t.enterprise_id),
    uniqueIndex('licenses_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** A field a licence rule may read: one of the server's whitelisted table and field pairs. */
export const licenseRuleFields = pgTable(
  'license_rule_fields',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    alias: text('alias'),
    table_name: text('table_name').notNull(),
    field_name: text('field_name').notNull(),
    format: text('format').$type<'string' | 'date' | 'age'>().notNull(),
    entity: text('entity').$type<'user' | 'service' | 'vehicle'>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('license_rule_fields_key').on(
      t.enterprise_id,
      t.entity,
      t.table_name,
      t.field_name,
      t.format,
    ),
  ],
);

export const licenseRules = pgTable(
  'license_rules',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    license_id: uuid('license_id').references(() => licenses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    entity: text('entity').$type<'user' | 'service' | 'vehicle'>().notNull().default('user'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('license_rules_license_idx').on(t.enterprise_id, t.license_id)],
);

export const licenseRuleFieldValues = pgTable(
  'license_rule_field_values',
  {
    id: id(),
    license_rule_id: uuid('license_rule_id')
      .notNull()
      .references(() => licenseRules.id, { onDelete: 'cascade' }),
    license_rule_field_id: uuid('license_rule_field_id')
      .notNull()
      .references(() => licenseRuleFields.id),
    sort_order: integer('sort_order').notNull().default(0),
    and_flag: boolean('and_flag').notNull().default(true),
    left_parenthesis: text('left_parenthesis'),
    right_parenthesis: text('right_parenthesis'),
    operator: text('operator').notNull(),
    value: text('value'),
  },
  (t) => [index('license_rule_field_values_rule_idx').on(t.license_rule_id)],
);

/** What happened to a request: statuses, process changes with notes, submission, deletion. */
export const licenseRequestHistory = pgTable(
  'license_request_history',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    license_request_id: uuid('license_request_id')
      .notNull()
      .references(() => licenseRequests.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<
        | 'created'
        | 'submitted'
        | 'status'
        | 'process'
        | 'note'
        | 'message'
        | 'deleted'
        | 'issued'
        | 'denied'
        | 'returned'
        | 'info_requested'
        | 'info_answered'
        | 'withdrawn'
        | 'assigned'
      >()
      .notNull(),
    license_request_status_id: uuid('license_request_status_id'),
    process_id: uuid('process_id').references(() => processes.id),
    process_status_id: uuid('process_status_id').references(() => processStatuses.id),
    note: text('note'),
    /** Trigger names received with a process change, kept for the workflow engine. */
    manual_trigger: text('manual_trigger'),
    link_trigger: text('link_trigger'),
    /** A staff-only entry or note: never sent to the applicant. */
    internal: boolean('internal').notNull().default(false),
    /** An internal note marked as a concern: listed when a decision on the request is previewed. */
    concern: boolean('concern').notNull().default(false),
    /** What a decision names: forms and fields to fix, the kind of information asked, a document. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    user_id: uuid('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('license_request_history_request_idx').on(t.license_request_id, t.at),
    /** Decisions by date (the office dashboard's requests decided per week, the queue's decided filter). */
    index('license_request_history_decided_idx')
      .on(t.enterprise_id, t.at)
      .where(sql`${t.kind} in ('issued', 'denied')`),
  ],
);

/** The current status of each process of a request. */
export const licenseRequestProcessStatuses = pgTable(
  'license_request_process_statuses',
  {
    license_request_id: uuid('license_request_id')
      .notNull()
      .references(() => licenseRequests.id, { onDelete: 'cascade' }),
    process_id: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    process_status_id: uuid('process_status_id')
      .notNull()
      .references(() => processStatuses.id),
    updated_by: uuid('updated_by').references(() => users.id),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.license_request_id, t.process_id] })],
);

/** Licences a staff member opened recently (viewedlicenses). */
export const viewedLicenses = pgTable(
  'viewed_licenses',
  {
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    license_id: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    viewed_at: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.license_id] })],
);
