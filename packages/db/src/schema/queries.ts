import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { securityGroups } from './people';
import { users } from './platform';

/**
 * A saved query of the query builder: the subject it lists (people, services, ...), its columns, simple
 * filters, advanced filters (and/or with parentheses) and criteria (licence rules), each a list of
 * whitelisted catalogue fields kept as JSON and compiled to parameterised SQL when it runs.
 */
export const savedQueries = pgTable(
  'saved_queries',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description'),
    subject: text('subject').notNull(),
    query_column_values: jsonb('query_column_values').notNull().default(sql`'[]'::jsonb`),
    query_filter_values: jsonb('query_filter_values').notNull().default(sql`'[]'::jsonb`),
    query_advanced_filter_values: jsonb('query_advanced_filter_values').notNull().default(sql`'[]'::jsonb`),
    query_criteria: jsonb('query_criteria').notNull().default(sql`'[]'::jsonb`),
    /** How the query opens: its results table, or a bar or line chart of `chart_field`. */
    default_view: text('default_view').$type<'table' | 'bar' | 'line'>().notNull().default('table'),
    chart_field: text('chart_field'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('saved_queries_owner_idx').on(t.enterprise_id, t.owner_id).where(sql`${t.deleted_at} is null`),
  ],
);

/** A security group a saved query is shared with: its members view it, or view and change it. */
export const savedQueryShares = pgTable(
  'saved_query_shares',
  {
    query_id: uuid('query_id')
      .notNull()
      .references(() => savedQueries.id, { onDelete: 'cascade' }),
    security_group_id: uuid('security_group_id')
      .notNull()
      .references(() => securityGroups.id, { onDelete: 'cascade' }),
    role: text('role').$type<'viewer' | 'editor'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.query_id, t.security_group_id] }),
    index('saved_query_shares_group_idx').on(t.security_group_id),
  ],
);
