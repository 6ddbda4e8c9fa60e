import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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

export const enterprises = pgTable('enterprises', {
  id: id(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull().default(''),
  address: text('address').notNull().default(''),
  time_zone: text('time_zone').notNull().default('America/Chicago'),
  /** How dates are written and typed in the apps (stored dates are always YYYY-MM-DD). */
  date_format: text('date_format').$type<'MM/DD/YYYY' | 'DD/MM/YYYY'>().notNull().default('MM/DD/YYYY'),
  utc_to_server_hours: integer('utc_to_server_hours').notNull().default(0),
  session_idle_minutes: integer('session_idle_minutes').notNull().default(30),
  max_failed_logins: integer('max_failed_logins').notNull().default(5),
  lockout_minutes: integer('lockout_minutes').notNull().default(15),
  disable_password_login: boolean('disable_password_login').notNull().default(false),
  show_user_public_addresses: boolean('show_user_public_addresses').notNull().default(false),
  public_lookup_enabled: boolean('public_lookup_enabled').notNull().default(true),
  duplicate_prevention_text: text('duplicate_prevention_text').notNull().default(''),
  login_criteria: text('login_criteria').notNull().default(''),
  logout_criteria: text('logout_criteria').notNull().default(''),
  user_voice_link: text('user_voice_link').notNull().default(''),
  recaptcha_site_key: text('recaptcha_site_key').notNull().default(''),
  /** Never returned by the API. */
  recaptcha_secret: text('recaptcha_secret').notNull().default(''),
  labels: jsonb('labels')
    .$type<{ user: string; service: string; vehicle: string }>()
    .notNull()
    .default({ user: 'Person', service: 'Service', vehicle: 'Vehicle' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** People who can sign in. The registry (people, services, vehicles) extends this table. */
export const users = pgTable(
  'users',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_name: text('user_name'),
    email: text('email'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    password_hash: text('password_hash'),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    is_staff: boolean('is_staff').notNull().default(false),
    middle_name: text('middle_name'),
    suffix: text('suffix'),
    birth_date: date('birth_date', { mode: 'string' }),
    /** The regulator's own identifier of the person. */
    account_identifier: text('account_identifier'),
    /** National Registry (NREMT) number. */
    national_ems_id: text('national_ems_id'),
    phone: text('phone'),
    /** AES-256-GCM ciphertext of the SSN (see the server's crypto); never sent to clients. */
    ssn_encrypted: text('ssn_encrypted'),
    ssn_last4: text('ssn_last4'),
    street: text('street'),
    street2: text('street2'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code'),
    county_fips: text('county_fips'),
    /** Demographics, each a data element of its NEMSIS section. */
    gender_id: uuid('gender_id'),
    race_id: uuid('race_id'),
    education_id: uuid('education_id'),
    employment_status_id: uuid('employment_status_id'),
    hair_id: uuid('hair_id'),
    eye_id: uuid('eye_id'),
    user_status_id: uuid('user_status_id'),
    failed_login_count: integer('failed_login_count').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(t.enterprise_id, sql`lower(${t.user_name})`),
    index('users_enterprise_idx').on(t.enterprise_id),
    index('users_last_name_prefix_idx').on(sql`lower(${t.last_name}) text_pattern_ops`),
    // Name searches read the first page in this order straight from the index (C collation: byte order).
    index('users_name_order_idx')
      .on(
        t.enterprise_id,
        sql`(lower(${t.last_name}) collate "C")`,
        sql`(lower(${t.first_name}) collate "C")`,
        t.id,
      )
      .where(sql`${t.deleted_at} is null`),
    index('users_last_name_trgm_idx').using('gin', sql`lower(${t.last_name}) gin_trgm_ops`),
    index('users_first_name_trgm_idx').using('gin', sql`lower(${t.first_name}) gin_trgm_ops`),
    // First names in the result order within each first name: a free-text search walks the distinct
    // first names of a prefix and reads each one's first page (a "loose index scan"), instead of sorting
    // every William of the prefix "willi". It INCLUDEs (first_name, last_name), and the email one below
    // (enterprise_id, id, email, first_name, last_name), for index-only scans, which Drizzle cannot
    // declare: migrations 0019 and 0031 add them by hand.
    index('users_first_name_order_idx')
      .on(
        t.enterprise_id,
        sql`(lower(${t.first_name}) collate "C")`,
        sql`(lower(${t.last_name}) collate "C")`,
        t.id,
      )
      .where(sql`${t.deleted_at} is null`),
    // Kept beside the covering one: PostgreSQL gathers statistics of an expression only from a
    // non-partial index, and without them an exact email is estimated at thousands of people.
    index('users_email_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_email_cover_idx')
      .on(sql`lower(${t.email}) text_pattern_ops`)
      .where(sql`${t.deleted_at} is null`),
    // The People page opens on the people changed last.
    index('users_recent_idx')
      .on(t.enterprise_id, t.updated_at.desc(), t.id)
      .where(sql`${t.deleted_at} is null`),
    index('users_national_ems_id_idx').on(sql`upper(${t.national_ems_id}) text_pattern_ops`),
    index('users_account_identifier_idx').on(sql`upper(${t.account_identifier}) text_pattern_ops`),
  ],
);

export const securityTemplates = pgTable(
  'security_templates',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    label: text('label').notNull(),
    description: text('description'),
    /** Given to every portal user without templates of their own. */
    is_portal_default: boolean('is_portal_default').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('security_templates_label_key').on(t.enterprise_id, sql`lower(${t.label})`)],
);

export const userSecurityTemplates = pgTable(
  'user_security_templates',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    security_template_id: uuid('security_template_id')
      .notNull()
      .references(() => securityTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.security_template_id] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterprise_id: enterpriseId(),
    is_portal: boolean('is_portal').notNull(),
    csrf_token: text('csrf_token').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);

export const dataChangeLog = pgTable(
  'data_change_log',
  {
    id: id(),
    /** Orders changes made within the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id'),
    entity: text('entity').notNull(),
    object_id: uuid('object_id').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('data_change_log_object_idx').on(t.entity, t.object_id, t.seq)],
);

/** Who read which sensitive field of whom (Logger/LogAccess). */
export const accessLog = pgTable('access_log', {
  id: id(),
  enterprise_id: enterpriseId(),
  viewer_id: uuid('viewer_id'),
  user_id: uuid('user_id').notNull(),
  field: text('field').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const formProgressLog = pgTable('form_progress_log', {
  id: id(),
  enterprise_id: enterpriseId(),
  user_id: uuid('user_id'),
  fb_response_id: uuid('fb_response_id').notNull(),
  text: text('text').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const clientErrorLog = pgTable('client_error_log', {
  id: id(),
  enterprise_id: uuid('enterprise_id'),
  user_id: uuid('user_id'),
  error_text: text('error_text').notNull(),
  user_agent: text('user_agent'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Identity providers for SAML single sign-on, per enterprise. */
export const identityProviders = pgTable('identity_providers', {
  id: id(),
  enterprise_id: enterpriseId(),
  code: text('code').notNull(),
  label: text('label').notNull(),
  entry_point: text('entry_point'),
  /** Single logout address of the IdP (HTTP-Redirect); null: the entry point serves it too. */
  logout_url: text('logout_url'),
  issuer: text('issuer'),
  certificate: text('certificate'),
  is_public: boolean('is_public').notNull().default(true),
  for_portal: boolean('for_portal').notNull().default(true),
  for_staff: boolean('for_staff').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Algorithm of the AuthnRequest signature when the SP signs: sha256 or sha512 (sha1 refused). */
  signature_algorithm: text('signature_algorithm').notNull().default('sha256'),
  want_assertions_signed: boolean('want_assertions_signed').notNull().default(true),
  want_response_signed: boolean('want_response_signed').notNull().default(true),
  name_id_format: text('name_id_format')
    .notNull()
    .default('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'),
  /** Attribute holding the e-mail address; null: the NameID is the e-mail address. */
  email_attribute: text('email_attribute'),
  first_name_attribute: text('first_name_attribute'),
  last_name_attribute: text('last_name_attribute'),
  /** Create a portal person when no user matches (never a staff user). */
  provision_users: boolean('provision_users').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** AuthnRequests sent and not yet answered: single use, checked against InResponseTo. */
export const samlRequests = pgTable(
  'saml_requests',
  {
    /** The AuthnRequest ID. */
    id: text('id').primaryKey(),
    identity_provider_id: uuid('identity_provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    is_portal: boolean('is_portal').notNull(),
    return_path: text('return_path'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('saml_requests_expires_idx').on(t.expires_at)],
);

/** Sessions started by SAML sign-in, with the NameID and SessionIndex a LogoutRequest names. */
export const samlSessions = pgTable(
  'saml_sessions',
  {
    session_id: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    identity_provider_id: uuid('identity_provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    name_id: text('name_id').notNull(),
    session_index: text('session_index'),
    created_at: createdAt(),
  },
  (t) => [index('saml_sessions_name_id_idx').on(t.identity_provider_id, t.name_id)],
);

/** LogoutRequest IDs already honoured, kept while their IssueInstant is accepted: no replay. */
export const samlLogoutRequests = pgTable(
  'saml_logout_requests',
  {
    identity_provider_id: uuid('identity_provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    /** The LogoutRequest ID. */
    id: text('id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.identity_provider_id, t.id] }),
    index('saml_logout_requests_expires_idx').on(t.expires_at),
  ],
);

/** Review processes and their statuses; licensing builds on these. */
export const processes = pgTable('processes', {
  id: id(),
  enterprise_id: enterpriseId(),
  label: text('label').notNull(),
  code: text('code'),
  process_type: text('process_type'),
  active: boolean('active').notNull().default(true),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const processStatuses = pgTable(
  'process_statuses',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    process_id: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    code: text('code'),
    is_final: boolean('is_final').notNull().default(false),
    /** What the status means for approval: a failed required process blocks it. */
    outcome: text('outcome').$type<'pending' | 'passed' | 'failed'>().notNull().default('pending'),
    active: boolean('active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('process_statuses_process_idx').on(t.process_id)],
);

/**
 * The outbox of domain events: written in the same transaction as the change it describes, handed to
 * consumers by the dispatcher on the job queue (at least once; consumers are idempotent).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    /** Dispatch order: the order in which the events were recorded. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    enterprise_id: enterpriseId(),
    /** What happened, dotted: `licenseRequest.submitted`. */
    name: text('name').notNull(),
    entity: text('entity').notNull(),
    object_id: text('object_id').notNull(),
    actor_id: uuid('actor_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The request that recorded the event (its x-request-id): its consumers' jobs and logs carry it. */
    request_id: text('request_id'),
    created_at: createdAt(),
    dispatched_at: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    /** Failed dispatch attempts; the dispatcher gives up (and logs) after its limit. */
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** When the next attempt may run after a failure. */
    retry_after: timestamp('retry_after', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('domain_events_pending_idx').on(t.seq).where(sql`${t.dispatched_at} is null`),
    index('domain_events_object_idx').on(t.entity, t.object_id, t.seq),
  ],
);

/**
 * Done-markers of jobs: a job writes its key here in the same transaction as its work, so that a job
 * run again after a crash or a retry sees it is done and does nothing.
 */
export const jobDoneMarkers = pgTable('job_done_markers', {
  key: text('key').primaryKey(),
  queue: text('queue').notNull(),
  done_at: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
