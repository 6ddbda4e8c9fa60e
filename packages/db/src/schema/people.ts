import { sql } from 'drizzle-orm';
import {
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
import { users } from './platform';

/** A person's EMS levels, endorsements, instructor and evaluator levels and instructing topics. */
export const userQualifications = pgTable(
  'user_qualifications',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind')
      .$type<'ems_level' | 'endorsement' | 'instructor_level' | 'evaluator_level' | 'instructing_topic'>()
      .notNull(),
    /** The level, endorsement or topic record it names (certification level, topic, ...). */
    reference_id: uuid('reference_id'),
    label: text('label').notNull(),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('user_qualifications_user_idx').on(t.user_id, t.kind)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    password_hash: text('password_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.user_id, t.created_at)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  /** SHA-256 of the token that was mailed; the token itself is never stored. */
  id: text('id').primaryKey(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
});

/**
 * Self-registration links: a visitor asks for one with an email address, which it proves they hold. Like
 * reset tokens, only the SHA-256 of the mailed token is stored; a link creates one account at most.
 */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    id: text('id').primaryKey(),
    enterprise_id: enterpriseId(),
    email: text('email').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [index('registration_tokens_expires_idx').on(t.expires_at)],
);

/**
 * Failed password sign-ins counted per key (an account name, a source address, or both; stored as a
 * SHA-256, never the typed name), with the time before which further attempts are refused. Growing
 * delays instead of a lock-out: see the server's session/sign-in-throttle.ts.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blocked_until: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The mail log: every mail the product sends, as sent (merged subject and bodies, sender, recipients),
 * with its state: queued (waiting for a job), sent, failed (retries spent; the last error kept) or held
 * (no SMTP server configured: staff read it in the app). Staff holding mail.read read it (GET /api/mail).
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: id(),
    enterprise_id: uuid('enterprise_id'),
    /** The sender it was (or would be) sent from: the enterprise's own, else MAIL_FROM. */
    from_address: text('from_address'),
    to_address: text('to_address').notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    reply_to: text('reply_to').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    status: text('status').$type<'queued' | 'sent' | 'failed' | 'held'>().notNull().default('queued'),
    /** SMTP attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt's error (kept while a retry is waiting). */
    error: text('error'),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The request that caused the mail (its x-request-id), to follow it through the logs. */
    request_id: text('request_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('mail_log_status_idx').on(t.status, t.created_at),
    index('mail_log_enterprise_idx').on(t.enterprise_id, t.created_at),
  ],
);

export const securityGroups = pgTable(
  'security_groups',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    label: text('label').notNull(),
    description: text('description'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('security_groups_label_key').on(t.enterprise_id, sql`lower(${t.label})`)],
);

export const securityGroupMembers = pgTable(
  'security_group_members',
  {
    security_group_id: uuid('security_group_id')
      .notNull()
      .references(() => securityGroups.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.security_group_id, t.user_id] })],
);

export const nationalRegistryIntegrationData = pgTable('national_registry_integration_data', {
  id: id(),
  enterprise_id: enterpriseId(),
  user_id: uuid('user_id'),
  national_ems_id: text('national_ems_id'),
  payload: jsonb('payload').notNull(),
  received_at: createdAt(),
});
