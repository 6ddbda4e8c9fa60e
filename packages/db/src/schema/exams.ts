import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { fbResponses } from './forms';

const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const uuids = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);

/**
 * A skill sheet: steps worth points, critical criteria (any one checked fails the skill), a time limit
 * and the minimum points to pass. A critical skill fails the whole packet when failed.
 */
export const exSkills = pgTable(
  'ex_skills',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    category_id: uuid('category_id'),
    active: boolean('active').notNull().default(true),
    critical: boolean('critical').notNull().default(false),
    time_limit_seconds: integer('time_limit_seconds'),
    min_points: integer('min_points').notNull().default(0),
    steps: jsonb('steps').$type<{ label: string; points: number }[]>().notNull().default([]),
    critical_criteria: jsonb('critical_criteria').$type<{ label: string }[]>().notNull().default([]),
    deleted_at: deletedAt(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_skills_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** An exam form: a station of the exam scoring its skills (and a form builder form, if any). */
export const exForms = pgTable(
  'ex_forms',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    skill_ids: uuids('skill_ids'),
    fb_form_id: uuid('fb_form_id'),
    deleted_at: deletedAt(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_forms_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** An exam packet: the forms a candidate for a licence level takes, and how many failures are allowed. */
export const exPackets = pgTable(
  'ex_packets',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    max_failed_attempts: integer('max_failed_attempts').notNull().default(3),
    license_category_level_id: uuid('license_category_level_id'),
    deleted_at: deletedAt(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_packets_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** The forms of a packet, in order. */
export const exPacketForms = pgTable(
  'ex_packet_forms',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    packet_id: uuid('packet_id')
      .notNull()
      .references(() => exPackets.id, { onDelete: 'cascade' }),
    form_id: uuid('form_id')
      .notNull()
      .references(() => exForms.id, { onDelete: 'cascade' }),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('ex_packet_forms_key').on(t.packet_id, t.form_id)],
);

/** A passing requirement group: at least `min_passed_forms` of its forms must pass. */
export const exPassingRequirements = pgTable(
  'ex_passing_requirements',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    exam_packet_id: uuid('exam_packet_id')
      .notNull()
      .references(() => exPackets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    min_passed_forms: integer('min_passed_forms').notNull().default(1),
    exam_form_ids: uuids('exam_form_ids'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('ex_passing_requirements_name_key').on(t.exam_packet_id, sql`lower(${t.name})`)],
);

/** People qualified to coordinate sessions (the coordinator roster). */
export const exCoordinators = pgTable(
  'ex_coordinators',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id').notNull(),
    internal: boolean('internal').notNull().default(true),
    license_category_level_ids: uuids('license_category_level_ids'),
    function_as_id: uuid('function_as_id'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('ex_coordinators_user_key').on(t.enterprise_id, t.user_id)],
);

/** People qualified to examine candidates (the examiner roster). */
export const exExaminers = pgTable(
  'ex_examiners',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id').notNull(),
    internal: boolean('internal').notNull().default(true),
    license_category_level_ids: uuids('license_category_level_ids'),
    function_as_id: uuid('function_as_id'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('ex_examiners_user_key').on(t.enterprise_id, t.user_id)],
);

/**
 * An exam session: a date at a location, the packet tested, its seats, coordinators and examiners.
 * Regulatory history: deleted with a reason, never erased.
 */
export const exSessions = pgTable(
  'ex_sessions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    number: text('number'),
    name: text('name'),
    session_date: date('session_date', { mode: 'string' }).notNull(),
    start_time: text('start_time'),
    location_id: uuid('location_id'),
    exam_type_id: uuid('exam_type_id'),
    status_id: uuid('status_id'),
    exam_packet_id: uuid('exam_packet_id').notNull(),
    capacity: integer('capacity').notNull(),
    coordinator_ids: uuids('coordinator_ids'),
    examiner_ids: uuids('examiner_ids'),
    notes: text('notes'),
    created_by: uuid('created_by'),
    deleted_at: deletedAt(),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('ex_sessions_date_idx').on(t.enterprise_id, t.session_date),
    uniqueIndex('ex_sessions_number_key').on(t.enterprise_id, t.number),
  ],
);

/** A candidate registered for a session from a request whose exam process is pending. */
export const exCandidates = pgTable(
  'ex_candidates',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => exSessions.id),
    license_request_id: uuid('license_request_id').notNull(),
    user_id: uuid('user_id'),
    exam_packet_id: uuid('exam_packet_id').notNull(),
    /** 1 for the first sitting of this packet for the request, 2 for the first retest, ... */
    attempt: integer('attempt').notNull().default(1),
    status: text('status')
      .$type<'registered' | 'passed' | 'failed' | 'withdrawn'>()
      .notNull()
      .default('registered'),
    registered_at: at('registered_at').notNull().defaultNow(),
    result_at: at('result_at'),
    created_by: uuid('created_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_candidates_session_request_key').on(t.session_id, t.license_request_id),
    index('ex_candidates_request_idx').on(t.license_request_id),
    index('ex_candidates_user_idx').on(t.user_id),
  ],
);

/** An examiner's score of one skill of one candidate (scored again, the row is replaced). */
export const exResults = pgTable(
  'ex_results',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    candidate_id: uuid('candidate_id')
      .notNull()
      .references(() => exCandidates.id, { onDelete: 'cascade' }),
    session_id: uuid('session_id').notNull(),
    exam_form_id: uuid('exam_form_id').notNull(),
    skill_id: uuid('skill_id').notNull(),
    examiner_id: uuid('examiner_id'),
    step_points: jsonb('step_points').$type<number[]>().notNull().default([]),
    critical_failures: jsonb('critical_failures').$type<number[]>().notNull().default([]),
    time_seconds: integer('time_seconds'),
    points: integer('points').notNull().default(0),
    possible: integer('possible').notNull().default(0),
    passed: boolean('passed').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_results_key').on(t.candidate_id, t.exam_form_id, t.skill_id),
    index('ex_results_session_idx').on(t.session_id),
  ],
);

/**
 * The form-builder form of an exam form, filled by the examiner for one candidate: the response that
 * holds the answers (one per candidate and exam form; reopened, the same response is shown again).
 */
export const exFormResponses = pgTable(
  'ex_form_responses',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    candidate_id: uuid('candidate_id')
      .notNull()
      .references(() => exCandidates.id, { onDelete: 'cascade' }),
    exam_form_id: uuid('exam_form_id')
      .notNull()
      .references(() => exForms.id),
    response_id: uuid('response_id')
      .notNull()
      .references(() => fbResponses.id, { onDelete: 'cascade' }),
    examiner_id: uuid('examiner_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ex_form_responses_key').on(t.candidate_id, t.exam_form_id),
    uniqueIndex('ex_form_responses_response_key').on(t.response_id),
  ],
);
