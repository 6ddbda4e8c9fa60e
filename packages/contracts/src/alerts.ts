// Contracts of the alerts module: notices on people, services and vehicles (issue 12, item 5).
import { z } from 'zod';
import { booleanish, timestamp } from './paging';
import { id } from './shared-fields';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(blankToUndefined, id(name).optional());

/** Where an alert comes from: staff by hand, a trigger action, or a scheduled task. */
export const alertSources = ['manual', 'trigger', 'task'] as const;
export type AlertSource = (typeof alertSources)[number];

/** What an alert is on: exactly one of a person, service or vehicle. */
export const alertHolderKinds = ['user', 'service', 'vehicle'] as const;
export type AlertHolderKind = (typeof alertHolderKinds)[number];

export const alertValue = z
  .string({ message: 'value is required' })
  .trim()
  .min(1, 'value must not be empty')
  .max(2000, 'value must be 2000 characters or fewer');

/** The alert of `POST /api/Alerts` and `PUT /api/Alerts/{id}` (`{alert: {...}}`). */
export const alertInput = z.object({
  alert_type_id: optionalId('alert_type_id'),
  user_id: optionalId('user_id'),
  service_id: optionalId('service_id'),
  vehicle_id: optionalId('vehicle_id'),
  license_request_id: optionalId('license_request_id'),
  certification_id: optionalId('certification_id'),
  value: alertValue,
  /** true retires the alert (it stays listed under retired); false reopens it. */
  retired: booleanish.optional(),
});
export type AlertInput = z.infer<typeof alertInput>;

export const alertOutput = z.object({
  id: z.uuid(),
  alert_type_id: z.uuid().nullable(),
  alert_type: z.string().nullable(),
  severity: z.string().nullable(),
  user_id: z.uuid().nullable(),
  service_id: z.uuid().nullable(),
  vehicle_id: z.uuid().nullable(),
  license_request_id: z.uuid().nullable(),
  certification_id: z.uuid().nullable(),
  /** Who or what the alert is on, in words (a person's name, a service, a vehicle's unit). */
  holder_name: z.string().nullable(),
  value: z.string(),
  source: z.string(),
  retired: z.boolean(),
  retired_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AlertOutput = z.infer<typeof alertOutput>;

/** The subject of an alert for the trigger engine and scheduled tasks: one holder, and optionally a record. */
const alertSubject = {
  enterpriseId: id('enterpriseId'),
  user_id: id('user_id').optional(),
  service_id: id('service_id').optional(),
  vehicle_id: id('vehicle_id').optional(),
  license_request_id: id('license_request_id').optional(),
  certification_id: id('certification_id').optional(),
  alert_type_id: id('alert_type_id'),
};
const oneHolder = (v: { user_id?: string; service_id?: string; vehicle_id?: string }) =>
  [v.user_id, v.service_id, v.vehicle_id].filter(Boolean).length === 1;
const oneHolderMessage = {
  message: 'An alert is on exactly one person, service or vehicle.',
  path: ['user_id'],
};

/** `createAlert(tx, input)`: an alert from a trigger action, a scheduled task or a module. */
export const createAlertInput = z
  .object({
    ...alertSubject,
    value: alertValue,
    source: z.enum(alertSources).default('trigger'),
    /** Who caused it (the change log's user); null for the system. */
    actorId: id('actorId').nullable().optional(),
  })
  .refine(oneHolder, oneHolderMessage);
export type CreateAlertInput = z.input<typeof createAlertInput>;

/** `retireAlerts(tx, input)`: retires the open alerts of this type on this subject (and record, when named). */
export const retireAlertsInput = z
  .object({ ...alertSubject, actorId: id('actorId').nullable().optional() })
  .refine(oneHolder, oneHolderMessage);
export type RetireAlertsInput = z.input<typeof retireAlertsInput>;

/** `GET /api/alerts/getalerts`: open alerts of one holder (or the caller's own). */
export const getAlertsQuery = z.object({
  user_id: id('user_id').optional(),
  service_id: id('service_id').optional(),
  vehicle_id: id('vehicle_id').optional(),
  includeRetired: booleanish.optional(),
});

/** The staff dashboard's panel: the newest open alerts and the counts by severity. */
export const dashboardAlerts = z.object({
  total: z.number().int(),
  bySeverity: z.array(z.object({ severity: z.string(), count: z.number().int() })),
  items: z.array(alertOutput),
});
export type DashboardAlerts = z.infer<typeof dashboardAlerts>;
