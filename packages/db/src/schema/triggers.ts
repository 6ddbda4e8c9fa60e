import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * A named event that trigger configurations listen to: a domain event (`licenseRequest.submitted`)
 * or a manual trigger fired by hand or named by a process status change.
 */
export const triggers = pgTable(
  'triggers',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** The domain event's name, or the manual trigger's code. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The table of the object it fires on: license_requests, certifications, fb_responses, documents. */
    entity: text('entity').notNull(),
    /** event: fired by the platform's events; manual: fired by hand or by a process change. */
    kind: text('kind').$type<'event' | 'manual'>().notNull().default('event'),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('triggers_code_key').on(t.enterprise_id, t.code)],
);

/** A named set of trigger actions (triggerconfigurations). */
export const triggerConfigurations = pgTable(
  'trigger_configurations',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    name: text('name').notNull(),
    description: text('description'),
    trigger_category_id: uuid('trigger_category_id'),
    active: boolean('active').notNull().default(true),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('trigger_configurations_name_key')
      .on(t.enterprise_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * Ordered actions a configuration runs when its trigger fires (triggerconfigurationtriggers). Each
 * action is `{kind, ...its target, next_trigger_id}`; removal empties them and keeps the row flagged.
 */
export const triggerConfigurationTriggers = pgTable(
  'trigger_configuration_triggers',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    trigger_configuration_id: uuid('trigger_configuration_id')
      .notNull()
      .references(() => triggerConfigurations.id),
    trigger_id: uuid('trigger_id')
      .notNull()
      .references(() => triggers.id),
    sort_order: integer('sort_order').notNull().default(0),
    actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull().default([]),
    removed: boolean('removed').notNull().default(false),
    removed_at: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('trigger_configuration_triggers_trigger_idx').on(t.enterprise_id, t.trigger_id),
    index('trigger_configuration_triggers_config_idx').on(t.trigger_configuration_id),
  ],
);

/** One firing of a configuration trigger on an object, with each action's outcome. */
export const triggerLogs = pgTable(
  'trigger_logs',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    trigger_id: uuid('trigger_id').notNull(),
    trigger_configuration_trigger_id: uuid('trigger_configuration_trigger_id').notNull(),
    trigger_configuration_id: uuid('trigger_configuration_id').notNull(),
    entity: text('entity').notNull(),
    object_id: text('object_id').notNull(),
    /** The domain event that fired it; null when fired by hand. */
    event_id: uuid('event_id'),
    fired_by: uuid('fired_by'),
    infinite_found: boolean('infinite_found').notNull().default(false),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    /** The planned steps and, as they run, their outcomes. */
    actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull().default([]),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('trigger_logs_config_trigger_idx').on(t.trigger_configuration_trigger_id, t.created_at),
    index('trigger_logs_object_idx').on(t.enterprise_id, t.object_id),
    uniqueIndex('trigger_logs_event_key')
      .on(t.event_id, t.trigger_configuration_trigger_id)
      .where(sql`${t.event_id} is not null`),
  ],
);

/**
 * A daily job that selects credentials by statuses, levels and expiry and then sends merge templates
 * and creates or retires alerts. The begin time is kept in server time, 24-hour `HH:MM:SS`.
 */
export const licenseScheduledTasks = pgTable('license_scheduled_tasks', {
  id: id(),
  enterprise_id: enterpriseId(),
  name: text('name').notNull(),
  description: text('description'),
  license_id: uuid('license_id'),
  license_category_id: uuid('license_category_id'),
  frequency_begin_time: text('frequency_begin_time').notNull().default('12:00:00'),
  /** Credentials expiring within this many days from the run date (null: any expiry). */
  expires_within_days: integer('expires_within_days'),
  certification_status_ids: uuid('certification_status_ids').array().notNull().default(sql`'{}'::uuid[]`),
  level_ids: uuid('level_ids').array().notNull().default(sql`'{}'::uuid[]`),
  merge_template_ids: uuid('merge_template_ids').array().notNull().default(sql`'{}'::uuid[]`),
  create_alerts: jsonb('create_alerts').$type<Record<string, unknown>[]>().notNull().default([]),
  retire_alerts: jsonb('retire_alerts').$type<Record<string, unknown>[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  last_run_at: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** One run of a scheduled task: what it selected and did, and what failed. */
export const licenseScheduledTaskLogs = pgTable(
  'license_scheduled_task_logs',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    license_scheduled_task_id: uuid('license_scheduled_task_id')
      .notNull()
      .references(() => licenseScheduledTasks.id, { onDelete: 'cascade' }),
    run_kind: text('run_kind').$type<'schedule' | 'manual'>().notNull(),
    run_by: uuid('run_by'),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    selected_count: integer('selected_count').notNull().default(0),
    alerts_created: integer('alerts_created').notNull().default(0),
    alerts_retired: integer('alerts_retired').notNull().default(0),
    letters_queued: integer('letters_queued').notNull().default(0),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('license_scheduled_task_logs_task_idx').on(t.license_scheduled_task_id, t.started_at)],
);
