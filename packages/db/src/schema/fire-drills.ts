import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

/**
 * A drill a school reported (fire, evacuation, shelter or lockdown): by the public form without signing
 * in, or entered by staff. Kept when deleted, with a reason: the report is the school's record of
 * compliance.
 */
export const fireDrills = pgTable(
  'fire_drills',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    school_id: uuid('school_id').notNull(),
    drill_date: date('drill_date', { mode: 'string' }).notNull(),
    drill_time: text('drill_time'),
    drill_type: text('drill_type').$type<'fire' | 'evacuation' | 'shelter' | 'lockdown'>().notNull(),
    announced: boolean('announced').notNull().default(false),
    evacuation_seconds: integer('evacuation_seconds'),
    occupants: integer('occupants'),
    notes: text('notes'),
    reporter_name: text('reporter_name').notNull(),
    reporter_title: text('reporter_title'),
    reporter_email: text('reporter_email').notNull(),
    reporter_phone: text('reporter_phone'),
    source: text('source').$type<'public' | 'staff'>().notNull().default('staff'),
    created_by: uuid('created_by'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('fire_drills_school_idx')
      .on(t.enterprise_id, t.school_id, t.drill_date)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * A challenge of the local human check (the stand-in for reCAPTCHA): handed to a public form, answered
 * once with a proof of work before it expires.
 */
export const humanChecks = pgTable(
  'human_checks',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    action: text('action').notNull(),
    difficulty: integer('difficulty').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [index('human_checks_expires_idx').on(t.expires_at)],
);
