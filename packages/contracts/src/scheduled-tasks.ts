import { z } from 'zod';
import { id } from './shared-fields';

const stamps = { id: z.uuid(), enterprise_id: z.uuid(), created_at: z.string(), updated_at: z.string() };

/** `HH:MM:SS` on a 24-hour clock. */
export const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'frequency_begin_time must be a 24-hour time, HH:MM:SS');

export const DEFAULT_BEGIN_TIME = '12:00:00';

/** Shifts a 24-hour time by whole hours, wrapping round midnight; always answers `HH:MM:SS`. */
export function shiftTime(time: string, hours: number): string {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  const hour = (((Number(h) + hours) % 24) + 24) % 24;
  return [hour, Number(m), Number(s)].map((n) => String(n).padStart(2, '0')).join(':');
}

export const scheduledTaskAlert = z.object({
  alert_type_id: id('alert_type_id'),
  value: z.string().trim().min(1, 'value is required').max(2000),
});
export const scheduledTaskRetireAlert = z.object({
  alert_type_id: id('alert_type_id'),
});

/**
 * A licence scheduled task. `frequency_begin_time` is the enterprise's local time as entered; it is
 * stored (and answered) in server time, 12:00:00 when absent.
 */
export const licenseScheduledTaskInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  license_id: id('license_id').nullable().optional(),
  license_category_id: id('license_category_id').nullable().optional(),
  frequency_begin_time: timeOfDay.nullable().optional(),
  expires_within_days: z.number().int().min(0).max(3650).nullable().optional(),
  certification_status_ids: z.array(id('certification_status_ids')).max(100).default([]),
  level_ids: z.array(id('level_ids')).max(100).default([]),
  merge_template_ids: z.array(id('merge_template_ids')).max(20).default([]),
  create_alerts: z.array(scheduledTaskAlert).max(20).default([]),
  retire_alerts: z.array(scheduledTaskRetireAlert).max(20).default([]),
  active: z.boolean().default(true),
});
export const licenseScheduledTaskOutput = z.object({
  ...stamps,
  name: z.string(),
  description: z.string().nullable(),
  license_id: z.string().nullable(),
  license_category_id: z.string().nullable(),
  /** Server time, 24-hour. */
  frequency_begin_time: z.string(),
  /** The same time in the enterprise's local time, for editing. */
  frequency_begin_time_local: z.string(),
  expires_within_days: z.number().int().nullable(),
  certification_status_ids: z.array(z.string()),
  level_ids: z.array(z.string()),
  merge_template_ids: z.array(z.string()),
  create_alerts: z.array(scheduledTaskAlert),
  retire_alerts: z.array(scheduledTaskRetireAlert),
  active: z.boolean(),
  last_run_at: z.string().nullable(),
});
export type LicenseScheduledTaskOutput = z.infer<typeof licenseScheduledTaskOutput>;

export const licenseScheduledTaskLogOutput = z.object({
  id: z.uuid(),
  enterprise_id: z.uuid(),
  license_scheduled_task_id: z.uuid(),
  task_name: z.string(),
  run_kind: z.enum(['schedule', 'manual']),
  run_by: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  selected_count: z.number().int(),
  alerts_created: z.number().int(),
  alerts_retired: z.number().int(),
  letters_queued: z.number().int(),
  errors: z.array(z.string()),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LicenseScheduledTaskLogOutput = z.infer<typeof licenseScheduledTaskLogOutput>;

export const scheduledTaskIdQuery = z.object({ scheduled_task_id: id('scheduled_task_id') });
export const runScheduledTaskBody = z.object({ scheduled_task_id: id('scheduled_task_id') });
export const scheduledTaskCertificationsBody = z.object({
  certsArray: z.array(id('certsArray')).max(1000),
});
export const saveScheduledTaskStatusesBody = z.object({
  license_scheduled_task_id: id('license_scheduled_task_id'),
  statuses: z.array(id('statuses')).max(100),
});
export const saveScheduledTaskLevelsBody = z.object({
  license_scheduled_task_id: id('license_scheduled_task_id'),
  license_category_id: id('license_category_id').nullable().optional(),
  license_id: id('license_id').nullable().optional(),
  levels: z.array(id('levels')).max(100),
});
export const scheduledTaskCertification = z.object({
  id: z.uuid(),
  number: z.string(),
  holder_name: z.string().nullable(),
  user_id: z.string().nullable(),
  service_id: z.string().nullable(),
  vehicle_id: z.string().nullable(),
  status: z.string(),
  certification_status_id: z.string().nullable(),
  license_category_level_id: z.string().nullable(),
  expiration_date: z.string().nullable(),
});
export const scheduledTaskCertificationIds = z.object({ ids: z.array(z.uuid()), total: z.number().int() });
