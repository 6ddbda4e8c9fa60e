import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { licenseRequests } from './forms';
import { users } from './platform';
import { certifications, services } from './registry';

const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const hours = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

/** Hours of one topic a level asks for in a cycle; `application_type_id` null: every application type. */
export interface LevelRequirement {
  topic_id: string;
  application_type_id: string | null;
  hours: number;
}

/** Hours of one topic a course gives. */
export interface TrainingTopic {
  topic_id: string;
  hours: number;
}

/**
 * An education level (EMT, Paramedic...): the continuing-education hours by topic a holder of the
 * licence category level needs in each renewal cycle of `cycle_months`.
 */
export const educationLevels = pgTable(
  'education_levels',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    label: text('label').notNull(),
    description: text('description'),
    /** The licence category level whose renewals this level's requirements apply to. */
    license_category_level_id: uuid('license_category_level_id'),
    cycle_months: integer('cycle_months').notNull().default(24),
    requirements: jsonb('requirements').$type<LevelRequirement[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('education_levels_label_key')
      .on(t.enterprise_id, sql`lower(${t.label})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** A course (training): its topics and hours, dates, place, instructor, capacity and prerequisites. */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    course_number: text('course_number'),
    description: text('description'),
    education_level_id: uuid('education_level_id').references(() => educationLevels.id),
    training_location_id: uuid('training_location_id'),
    instructor: text('instructor'),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    capacity: integer('capacity'),
    document_id: uuid('document_id'),
    training_topics: jsonb('training_topics').$type<TrainingTopic[]>().notNull().default([]),
    /** Courses an attendee must have completed first. */
    prerequisite_ids: uuid('prerequisite_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Entered by a person for a course taken elsewhere, with a certificate for staff to verify. */
    self_entered: boolean('self_entered').notNull().default(false),
    verified: boolean('verified').notNull().default(true),
    entered_by: uuid('entered_by').references(() => users.id),
    active: boolean('active').notNull().default(true),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('trainings_enterprise_start_idx').on(t.enterprise_id, t.start_date)],
);

/** A person enrolled in a course, with their attendance status and completion. */
export const courseAttendees = pgTable(
  'course_attendees',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    training_id: uuid('training_id')
      .notNull()
      .references(() => trainings.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    attendee_status_id: uuid('attendee_status_id'),
    completed_on: date('completed_on', { mode: 'string' }),
    /** Hours credited when fewer than the course gives (partial attendance); null: the course's hours. */
    hours: hours('hours'),
    document_id: uuid('document_id'),
    note: text('note'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('course_attendees_training_user_key')
      .on(t.training_id, t.user_id)
      .where(sql`${t.deleted_at} is null`),
    index('course_attendees_user_idx').on(t.user_id),
  ],
);

/** Years of service a service's person is credited for (paid when approved, redeemed by staff). */
export const serviceUserLongevities = pgTable(
  'service_user_longevities',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    license_request_id: uuid('license_request_id').references(() => licenseRequests.id),
    years: integer('years').notNull().default(0),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    amount_cents: integer('amount_cents').notNull().default(0),
    approve: boolean('approve').notNull().default(false),
    redeemed_at: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    redeemed_by: uuid('redeemed_by').references(() => users.id),
    note: text('note'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('service_user_longevities_service_idx').on(t.service_id),
    index('service_user_longevities_user_idx').on(t.user_id),
  ],
);

/** A credit a service's person was given for years of service (by hand, or redeemed from a longevity). */
export const serviceUserLongevityCredits = pgTable(
  'service_user_longevity_credits',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id').references(() => services.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    service_user_longevity_id: uuid('service_user_longevity_id').references(() => serviceUserLongevities.id),
    years: integer('years').notNull().default(0),
    credit_cents: integer('credit_cents').notNull().default(0),
    effective_date: date('effective_date', { mode: 'string' }),
    note: text('note'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('service_user_longevity_credits_user_idx').on(t.user_id)],
);

/** A course a service's person took that the service may be reimbursed for. */
export const serviceUserTrainings = pgTable(
  'service_user_trainings',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => services.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    training_id: uuid('training_id')
      .notNull()
      .references(() => trainings.id),
    license_request_id: uuid('license_request_id').references(() => licenseRequests.id),
    reimburse: boolean('reimburse').notNull().default(false),
    amount_cents: integer('amount_cents').notNull().default(0),
    reimbursed_at: timestamp('reimbursed_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('service_user_trainings_service_idx').on(t.service_id),
    index('service_user_trainings_user_idx').on(t.user_id),
  ],
);

/** A CE audit: a random sample of renewed licensees asked to prove their hours by a deadline. */
export const ceAudits = pgTable('ce_audits', {
  id: id(),
  enterprise_id: enterpriseId(),
  label: text('label').notNull(),
  percentage: integer('percentage').notNull(),
  renewed_from: date('renewed_from', { mode: 'string' }).notNull(),
  renewed_to: date('renewed_to', { mode: 'string' }).notNull(),
  due_date: date('due_date', { mode: 'string' }).notNull(),
  drawn_by: uuid('drawn_by').references(() => users.id),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** One audited licensee: asked, proof submitted, then accepted or deficient (which may open a complaint). */
export const ceAuditMembers = pgTable(
  'ce_audit_members',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    ce_audit_id: uuid('ce_audit_id')
      .notNull()
      .references(() => ceAudits.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    certification_id: uuid('certification_id').references(() => certifications.id),
    status: text('status')
      .$type<'requested' | 'submitted' | 'accepted' | 'deficient'>()
      .notNull()
      .default('requested'),
    document_id: uuid('document_id'),
    note: text('note'),
    complaint_id: uuid('complaint_id'),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ce_audit_members_audit_user_key').on(t.ce_audit_id, t.user_id),
    index('ce_audit_members_user_idx').on(t.user_id),
  ],
);
