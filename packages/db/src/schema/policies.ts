import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { documents } from './documents';
import { users } from './platform';

/**
 * A policy or protocol of the office (its classification says which): rich-text content stored
 * sanitised, an optional document, effective dates, and whether it is published on the public site.
 * Kept when deleted (with a reason): staff acknowledged reading it.
 */
export const policies = pgTable(
  'policies',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    title: text('title').notNull(),
    number: text('number'),
    policy_type_id: uuid('policy_type_id'),
    policy_status_id: uuid('policy_status_id'),
    policy_classification_id: uuid('policy_classification_id'),
    summary: text('summary'),
    content: text('content'),
    effective_date: date('effective_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    published: boolean('published').notNull().default(false),
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    document_id: uuid('document_id').references(() => documents.id),
    created_by: uuid('created_by').references(() => users.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('policies_enterprise_idx').on(t.enterprise_id, t.title),
    index('policies_published_idx')
      .on(t.enterprise_id, t.effective_date)
      .where(sql`${t.published} and ${t.deleted_at} is null`),
  ],
);

/** A staff member's statement that they read a policy; once a person and policy. */
export const policyAcknowledgements = pgTable(
  'policy_acknowledgements',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    policy_id: uuid('policy_id')
      .notNull()
      .references(() => policies.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [uniqueIndex('policy_acknowledgements_key').on(t.policy_id, t.user_id)],
);
