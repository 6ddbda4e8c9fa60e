import {
  DEFAULT_BEGIN_TIME,
  type LicenseScheduledTaskOutput,
  licenseScheduledTaskInput,
  licenseScheduledTaskLogOutput,
  licenseScheduledTaskOutput,
  shiftTime,
} from '@licensure/contracts';
import {
  enterprises,
  licenseScheduledTaskLogs,
  licenseScheduledTasks,
  licenses,
  mergeTemplates,
  referenceTables,
} from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoRow } from '../../platform/resources/present';
import type { HookContext, Resource, Row } from '../../platform/resources/types';

const tags = ['licensing'];

/** The enterprise's offset; begin times are entered in its local time and kept in server time. */
async function offsetOf(ctx: HookContext) {
  const [e] = await ctx.tx
    .select({ hours: enterprises.utc_to_server_hours })
    .from(enterprises)
    .where(eq(enterprises.id, ctx.enterpriseId));
  return e?.hours ?? 0;
}

/** A stored task as the API answers it (the row is untyped here; its columns are the output's). */
export function presentTask(row: Row): LicenseScheduledTaskOutput {
  const { utc_to_server_hours, ...rest } = isoRow(row);
  const time = String(rest.frequency_begin_time ?? DEFAULT_BEGIN_TIME);
  return {
    ...rest,
    frequency_begin_time: time,
    frequency_begin_time_local: shiftTime(time, Number(utc_to_server_hours ?? 0)),
  } as LicenseScheduledTaskOutput;
}

/** Licence scheduled tasks (licenseScheduledTasks). */
export const scheduledTaskResource: Resource = {
  path: 'licenseScheduledTasks',
  entity: 'license_scheduled_tasks',
  wrapper: 'license_scheduled_task',
  singular: 'scheduled task',
  tags,
  table: licenseScheduledTasks,
  read: 'scheduledTasks.read',
  write: 'scheduledTasks.write',
  input: licenseScheduledTaskInput,
  output: licenseScheduledTaskOutput,
  present: presentTask,
  columns: { utc_to_server_hours: enterprises.utc_to_server_hours },
  joins: (q) => q.innerJoin(enterprises, eq(enterprises.id, licenseScheduledTasks.enterprise_id)),
  filters: {
    license_id: { column: licenseScheduledTasks.license_id },
    active: { column: licenseScheduledTasks.active },
  },
  search: [licenseScheduledTasks.name, licenseScheduledTasks.description],
  sort: {
    name: sql`lower(${licenseScheduledTasks.name})`,
    frequency_begin_time: licenseScheduledTasks.frequency_begin_time,
    last_run_at: licenseScheduledTasks.last_run_at,
  },
  defaultSort: 'name',
  refs: {
    license_id: { table: licenses, what: 'licence' },
    license_category_id: { table: referenceTables.license_categories, what: 'licence category' },
    certification_status_ids: {
      table: referenceTables.license_category_certification_statuses,
      what: 'certification status',
    },
    level_ids: { table: referenceTables.license_category_levels, what: 'licence level' },
    merge_template_ids: { table: mergeTemplates, what: 'merge template' },
  },
  // The alert types a run creates and retires alerts of (were stored, and used, as sent).
  nestedRefs: {
    'create_alerts[].alert_type_id': 'alert_types',
    'retire_alerts[].alert_type_id': 'alert_types',
  },
  hooks: {
    // 12:00:00 when absent; kept in server time: the enterprise's local time less utc_to_server_hours.
    beforeChange: async (values, ctx) => {
      const local = (values.frequency_begin_time as string | null | undefined) || DEFAULT_BEGIN_TIME;
      return { ...values, frequency_begin_time: shiftTime(local, -(await offsetOf(ctx))) };
    },
  },
};

/** Runs of scheduled tasks (licenseScheduledTaskLogs), newest first. */
export const scheduledTaskLogResource: Resource = {
  path: 'licenseScheduledTaskLogs',
  entity: 'license_scheduled_task_logs',
  wrapper: 'license_scheduled_task_log',
  singular: 'scheduled task log',
  tags,
  table: licenseScheduledTaskLogs,
  read: 'scheduledTasks.read',
  input: z.object({}),
  output: licenseScheduledTaskLogOutput,
  present: isoRow,
  columns: { task_name: licenseScheduledTasks.name },
  joins: (q) =>
    q.innerJoin(
      licenseScheduledTasks,
      eq(licenseScheduledTasks.id, licenseScheduledTaskLogs.license_scheduled_task_id),
    ),
  filters: {
    license_scheduled_task_id: { column: licenseScheduledTaskLogs.license_scheduled_task_id },
    scheduled_task_id: { column: licenseScheduledTaskLogs.license_scheduled_task_id },
    status: { column: licenseScheduledTaskLogs.status, schema: z.enum(['running', 'done', 'failed']) },
  },
  sort: {
    newest: sql`(now() - ${licenseScheduledTaskLogs.started_at})`,
    started_at: licenseScheduledTaskLogs.started_at,
    task_name: sql`lower(${licenseScheduledTasks.name})`,
  },
  defaultSort: 'newest',
};
