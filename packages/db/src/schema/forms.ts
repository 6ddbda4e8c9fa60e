import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { users } from './platform';
import { application_types } from './reference';

/**
 * A form built by staff: pages hold groups, groups hold questions. The live tree is edited in
 * place; `version` counts the published states. A response keeps the version it was answered on,
 * whose frozen definition is in `fb_form_versions`. An edit to a form whose current version has
 * been frozen (it has responses) starts the next version.
 */
export const fbForms = pgTable(
  'fb_forms',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    /** A record of the `fb_form_types` resource. */
    form_type_id: uuid('form_type_id'),
    /** The document type given to files uploaded through this form. */
    document_type_id: uuid('document_type_id'),
    version: integer('version').notNull().default(1),
    active: boolean('active').notNull().default(true),
    /** What a portal applicant may do with this form: none, view or edit. */
    applicant_access: text('applicant_access').$type<'none' | 'view' | 'edit'>().notNull().default('edit'),
    created_by: uuid('created_by').references(() => users.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('fb_forms_enterprise_idx').on(t.enterprise_id),
    uniqueIndex('fb_forms_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** The frozen definition (the whole tree, as the contracts' `formDefinition`) of one version. */
export const fbFormVersions = pgTable(
  'fb_form_versions',
  {
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.form_id, t.version] })],
);

export const fbPages = pgTable(
  'fb_pages',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('fb_pages_form_idx').on(t.form_id)],
);

export const fbGroups = pgTable(
  'fb_groups',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    page_id: uuid('page_id')
      .notNull()
      .references(() => fbPages.id, { onDelete: 'cascade' }),
    title: text('title'),
    description: text('description'),
    /** Answered by staff when they spot-check; hidden from applicants. */
    spot_check: boolean('spot_check').notNull().default(false),
    /** The entity whose record `populateGroup` copies into this group: user, service or vehicle. */
    populate_entity: text('populate_entity').$type<'user' | 'service' | 'vehicle'>(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('fb_groups_form_idx').on(t.form_id), index('fb_groups_page_idx').on(t.page_id)],
);

export const fbQuestions = pgTable(
  'fb_questions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id')
      .notNull()
      .references(() => fbGroups.id, { onDelete: 'cascade' }),
    /** The question type's kind (contracts' `questionKinds`). */
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    help_text: text('help_text'),
    required: boolean('required').notNull().default(false),
    /** Shown when a required question is left empty (the spec's custom required message). */
    required_message: text('required_message'),
    /** A regular expression a text answer must match, and the message when it does not. */
    format: text('format'),
    format_message: text('format_message'),
    min: numeric('min', { mode: 'number' }),
    max: numeric('max', { mode: 'number' }),
    /** Choices of select, multi-select and radio questions: [{ id, label }]. */
    options: jsonb('options').notNull().default(sql`'[]'::jsonb`),
    /** Choice lists fed by data elements: the `data_elements` section whose items are the choices. */
    data_section_name: text('data_section_name'),
    /** The element mapping this question to a field of a person, service or vehicle. */
    element_id: uuid('element_id'),
    document_type_id: uuid('document_type_id'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('fb_questions_form_idx').on(t.form_id), index('fb_questions_group_idx').on(t.group_id)],
);

/**
 * Shows a group or a question only when an earlier question's answer matches. Several conditions on
 * one target are read in sort order, each joined to the ones before by AND (and_flag) or OR.
 */
export const fbConditions = pgTable(
  'fb_conditions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    target_group_id: uuid('target_group_id').references(() => fbGroups.id, { onDelete: 'cascade' }),
    target_question_id: uuid('target_question_id').references(() => fbQuestions.id, {
      onDelete: 'cascade',
    }),
    source_question_id: uuid('source_question_id')
      .notNull()
      .references(() => fbQuestions.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    value: text('value'),
    and_flag: boolean('and_flag').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('fb_conditions_form_idx').on(t.form_id)],
);

/** Amounts a service is reimbursed for a form's responses (training reimbursements). */
export const fbReimbursementRules = pgTable(
  'fb_reimbursement_rules',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    /** A number question whose answer multiplies the amount (hours, students); null: per response. */
    question_id: uuid('question_id').references(() => fbQuestions.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    max_amount: numeric('max_amount', { precision: 12, scale: 2, mode: 'number' }),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('fb_reimbursement_rules_form_idx').on(t.form_id)],
);

/** A package of forms that an application (or a trigger) hands out together. */
export const fbPackages = pgTable(
  'fb_packages',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('fb_packages_enterprise_idx').on(t.enterprise_id),
    uniqueIndex('fb_packages_name_key').on(t.enterprise_id, sql`lower(${t.name})`),
  ],
);

export const fbPackageForms = pgTable(
  'fb_package_forms',
  {
    package_id: uuid('package_id')
      .notNull()
      .references(() => fbPackages.id, { onDelete: 'cascade' }),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id, { onDelete: 'cascade' }),
    required: boolean('required').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.package_id, t.form_id] })],
);

/**
 * A request for a licence. The forms module needs its id, subject and application type; licensing
 * (issue 5) adds the licence, levels, statuses and processes.
 */
export const licenseRequests = pgTable(
  'license_requests',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    license_id: uuid('license_id'),
    /** Who the request is for: a person, a service or a vehicle. */
    user_id: uuid('user_id').references(() => users.id),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    /** A vehicle's request made within its service's application. */
    parent_request_id: uuid('parent_request_id'),
    application_type_id: uuid('application_type_id').references(() => application_types.id),
    status_id: uuid('status_id'),
    /** A renewal: the credential it renews. */
    renews_certification_id: uuid('renews_certification_id'),
    /** Triggers fired for this request so far (setCurrentTriggerCount), for the workflow engine. */
    current_trigger_count: integer('current_trigger_count').notNull().default(0),
    /** The window in which trainings count toward this request. */
    training_validation_start: date('training_validation_start', { mode: 'string' }),
    training_validation_end: date('training_validation_end', { mode: 'string' }),
    /** 0 new, 1 in progress, 2 submitted. */
    progress: integer('progress').notNull().default(0),
    /**
     * Where the request stands in review (draft, submitted, returned, info_requested, approved,
     * denied, withdrawn): whose turn it is, and the reviewer's decision.
     */
    review_state: text('review_state')
      .$type<'draft' | 'submitted' | 'returned' | 'info_requested' | 'approved' | 'denied' | 'withdrawn'>()
      .notNull()
      .default('draft'),
    /** The staff member who has the request checked out, and since when. */
    assigned_to: uuid('assigned_to').references(() => users.id),
    assigned_at: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    completed_on: timestamp('completed_on', { withTimezone: true, mode: 'date' }),
    created_by: uuid('created_by').references(() => users.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('license_requests_enterprise_idx').on(t.enterprise_id),
    /** The review queue: a state, oldest submission first. */
    index('license_requests_queue_idx').on(t.enterprise_id, t.review_state, t.completed_on),
    /** Requests received per week (the office dashboard), by submission date. */
    index('license_requests_submitted_idx')
      .on(t.enterprise_id, t.completed_on)
      .where(sql`${t.deleted_at} is null`),
    index('license_requests_assigned_idx').on(t.assigned_to),
    index('license_requests_user_idx').on(t.user_id),
    index('license_requests_service_idx').on(t.service_id),
    index('license_requests_parent_idx').on(t.parent_request_id),
  ],
);

/** A response to a form: answered on one version of it, for a person, service or vehicle. */
export const fbResponses = pgTable(
  'fb_responses',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    form_id: uuid('form_id')
      .notNull()
      .references(() => fbForms.id),
    form_version: integer('form_version').notNull(),
    /** The person who answers (the applicant), or the subject person. */
    user_id: uuid('user_id').references(() => users.id),
    service_id: uuid('service_id'),
    vehicle_id: uuid('vehicle_id'),
    license_request_id: uuid('license_request_id').references(() => licenseRequests.id),
    /** An inspection checklist this response fills (inspections module). */
    checklist_id: uuid('checklist_id'),
    /** 0 new, 1 in progress, 2 submitted (completed). */
    progress: integer('progress').notNull().default(0),
    /** The page the applicant was last on, to resume there. */
    current_page: integer('current_page').notNull().default(0),
    completed_on: timestamp('completed_on', { withTimezone: true, mode: 'date' }),
    created_by: uuid('created_by').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('fb_responses_enterprise_idx').on(t.enterprise_id),
    index('fb_responses_form_idx').on(t.form_id, t.form_version),
    index('fb_responses_user_idx').on(t.user_id),
    index('fb_responses_request_idx').on(t.license_request_id),
  ],
);
