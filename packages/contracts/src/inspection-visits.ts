// Contracts of the inspections module: visits, spot checks and the checkout of a visit for offline
// field work.
import { z } from 'zod';
import { flag } from './inspection-fields';
import { booleanish, timestamp } from './paging';
import { id, optionalId, optionalText as text } from './shared-fields';

/** A visit's state. */
export const visitStatuses = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * A visit's date string: a browser's full date string ("Tue Mar 03 2026 14:30:00 GMT-0600 (Central
 * Standard Time)", the form the spec's time rule is written for) runs to 60 characters and more with a
 * long zone name.
 */
const visitTimeMax = 120;
const visitTimeTooLong = `inspection_date_time must be at most ${visitTimeMax} characters`;

/** The visit itself (`{visit}` of POST and PUT IPVisits). */
export const visitInput = z.object({
  service_id: id('service_id'),
  /** The date, or a date and time ("2026-12-01T09:30:00"): the time is kept only as 24-hour hh:mm:ss. */
  inspection_date_time: z
    .string({ message: 'inspection_date_time is required' })
    .trim()
    .min(10, 'inspection_date_time must be a date (YYYY-MM-DD) or a date and time')
    .max(visitTimeMax, visitTimeTooLong),
  status: z
    .enum(visitStatuses, { message: 'status must be scheduled, in_progress, completed or cancelled' })
    .optional(),
  inspector_ids: z.array(id('inspector_ids')).max(50).optional(),
  service_template_id: optionalId('service_template_id'),
  vehicle_template_id: optionalId('vehicle_template_id'),
  notes: text('notes', 4000),
});
export type VisitInput = z.infer<typeof visitInput>;

/** POST IPVisits: the visit, its inspectors, and one inspection per chosen service and vehicle. */
export const visitCreateBody = z.object({
  visit: visitInput,
  inspectors: z.array(id('inspectors')).max(50).optional(),
  /** The service is inspected (with the service template) when true or when a service template is given. */
  inspections: z
    .object({
      service: z.boolean().optional(),
      vehicle_ids: z.array(id('vehicle_ids')).max(500).optional(),
    })
    .optional(),
  service_template: optionalId('service_template'),
  vehicle_template: optionalId('vehicle_template'),
});
export type VisitCreateBody = z.infer<typeof visitCreateBody>;

export const visitOutput = z.object({
  id: z.uuid(),
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  inspection_date: z.string(),
  inspection_time: z.string().nullable(),
  date_time_set: z.boolean(),
  status: z.enum(visitStatuses),
  spot_check: z.boolean(),
  inspector_ids: z.array(z.uuid()),
  service_template_id: z.uuid().nullable(),
  vehicle_template_id: z.uuid().nullable(),
  notes: z.string().nullable(),
  inspection_count: z.number().int(),
  checked_out_by: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type VisitOutput = z.infer<typeof visitOutput>;

/** GET IPVisits filters beyond paging. */
export const visitListFilters = {
  userOnly: booleanish.optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
};

/** POST IPVisits/spotCheckInspection: an unannounced inspection of a service or one of its vehicles. */
export const spotCheckBody = z.object({
  visit: z.object({
    service_id: id('service_id'),
    inspection_date_time: z
      .string()
      .trim()
      .min(10, 'inspection_date_time must be a date (YYYY-MM-DD) or a date and time')
      .max(visitTimeMax, visitTimeTooLong)
      .optional(),
    vehicle_id: optionalId('vehicle_id'),
    ip_template_id: id('ip_template_id'),
    notes: text('notes', 4000),
  }),
});

/** IPCheckoutLogs: an inspector takes a visit for offline work; `take_over` takes it from another. */
export const checkoutInput = z.object({
  visit_id: id('visit_id'),
  device: text('device', 200),
  take_over: flag('take_over'),
  /** Checking in ends the checkout. */
  checked_in: flag('checked_in'),
});
export const checkoutOutput = z.object({
  id: z.uuid(),
  visit_id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  device: z.string().nullable(),
  checked_out_at: timestamp,
  checked_in_at: timestamp.nullable(),
  taken_over_from: z.uuid().nullable(),
  /** The visit's `updated_at` when it was checked out: the version offline edits are compared with. */
  visit_version: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
