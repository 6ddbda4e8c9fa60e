import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id } from './columns';

/**
 * How staff settled one mismatch between a registry record (national_registry_integration_data) and the
 * state's records: the registry's value accepted onto the person, reviewed with a reason, or the registry
 * number linked to a person. One resolution a record and kind of mismatch.
 */
export const nationalRegistryResolutions = pgTable(
  'national_registry_resolutions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    registry_data_id: uuid('registry_data_id').notNull(),
    user_id: uuid('user_id'),
    kind: text('kind').$type<'name' | 'level' | 'expiration' | 'lapsed' | 'unknown_number'>().notNull(),
    action: text('action').$type<'accepted' | 'reviewed' | 'linked'>().notNull(),
    reason: text('reason'),
    resolved_by: uuid('resolved_by'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('national_registry_resolutions_key').on(t.registry_data_id, t.kind)],
);

/**
 * A licence and adverse-action file written for the EMS Compact's coordinated database (one a day by the
 * scheduled job, or made by staff), kept as sent.
 */
export const compactFeedFiles = pgTable(
  'compact_feed_files',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    file_date: date('file_date', { mode: 'string' }).notNull(),
    file_name: text('file_name').notNull(),
    content: text('content').notNull(),
    content_sha256: text('content_sha256').notNull(),
    licence_count: integer('licence_count').notNull(),
    adverse_action_count: integer('adverse_action_count').notNull(),
    made_by: text('made_by').$type<'schedule' | 'staff'>().notNull(),
    created_by: uuid('created_by'),
    created_at: createdAt(),
  },
  (t) => [
    index('compact_feed_files_recent_idx').on(t.enterprise_id, t.created_at),
    // The daily job writes one file a day, however many processes run it.
    uniqueIndex('compact_feed_files_daily_key')
      .on(t.enterprise_id, t.file_date)
      .where(sql`${t.made_by} = 'schedule'`),
  ],
);

/** Each delivery of a Compact file (the first and every resend) and what the receiver answered. */
export const compactFeedDeliveries = pgTable(
  'compact_feed_deliveries',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    file_id: uuid('file_id')
      .notNull()
      .references(() => compactFeedFiles.id),
    transport: text('transport').notNull(),
    destination: text('destination').notNull(),
    status: text('status').$type<'delivered' | 'failed'>().notNull(),
    response_status: integer('response_status'),
    detail: text('detail'),
    sent_by: uuid('sent_by'),
    created_at: createdAt(),
    delivered_at: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('compact_feed_deliveries_file_idx').on(t.file_id, t.created_at)],
);
