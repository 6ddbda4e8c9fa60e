import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { enterpriseId } from './columns';
import { licenseRequests } from './forms';

/**
 * The office dashboard's processing times (issue 30): one row a decided request, computed from its
 * history when the decision's event is dispatched (and for decisions without a row at start), so that
 * the median and 90th percentile of a year of decisions read one indexed range instead of every
 * request's history.
 */
export const insightRequestTimes = pgTable(
  'insight_request_times',
  {
    license_request_id: uuid('license_request_id')
      .primaryKey()
      .references(() => licenseRequests.id, { onDelete: 'cascade' }),
    enterprise_id: enterpriseId(),
    license_id: uuid('license_id'),
    /** The staff member who decided. */
    decided_by: uuid('decided_by'),
    decision: text('decision').$type<'issued' | 'denied'>().notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Calendar days from the first submission to the decision, and of those, waiting on the applicant. */
    total_days: numeric('total_days', { mode: 'number' }).notNull(),
    applicant_days: numeric('applicant_days', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('insight_request_times_decided_idx').on(t.enterprise_id, t.decided_at),
    index('insight_request_times_decider_idx').on(t.decided_by, t.decided_at),
  ],
);
