import { type AlertOutput, alertInput, alertOutput } from '@licensure/contracts';
import {
  alert_types,
  alerts,
  certifications,
  licenseRequests,
  services,
  users,
  vehicles,
} from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { speaksForHolder } from '../../platform/permissions/policies';
import { heldRows } from '../../platform/permissions/scopes';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** Staff who hold this see every alert; anyone else the alerts on what they hold or speak for. */
export const alertReaders = ['alerts.read'] as const;
export const alertScope = heldRows(
  { user_id: alerts.user_id, service_id: alerts.service_id, vehicle_id: alerts.vehicle_id },
  alertReaders,
);

/** The type, severity and holder's name shown beside an alert. */
export const alertColumns: Record<string, SQLWrapper> = {
  alert_type: sql<string | null>`${alert_types.label}`,
  severity: sql<string | null>`${alert_types.severity}`,
  holder_name: sql<string | null>`coalesce(
    nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''),
    ${services.name},
    nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.serial_number}), ''))`,
};

export const joinAlertNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(alert_types, eq(alert_types.id, alerts.alert_type_id))
    .leftJoin(users, eq(users.id, alerts.user_id))
    .leftJoin(services, eq(services.id, alerts.service_id))
    .leftJoin(vehicles, eq(vehicles.id, alerts.vehicle_id));

export function presentAlert(a: Row): AlertOutput {
  const s = (k: string) => (a[k] as string | null | undefined) ?? null;
  return {
    id: a.id as string,
    alert_type_id: s('alert_type_id'),
    alert_type: s('alert_type'),
    severity: s('severity'),
    user_id: s('user_id'),
    service_id: s('service_id'),
    vehicle_id: s('vehicle_id'),
    license_request_id: s('license_request_id'),
    certification_id: s('certification_id'),
    holder_name: s('holder_name'),
    value: a.value as string,
    source: (a.source as string | undefined) ?? 'manual',
    retired: !!a.retired_at,
    retired_at: iso(a.retired_at),
    created_at: iso(a.created_at) ?? '',
    updated_at: iso(a.updated_at) ?? '',
  };
}

/** One holder; `retired` sets or clears retired_at (and who retired it); the creator on create. */
function alertValues(input: Row, ctx: HookContext): Row {
  const { retired, ...values } = input;
  if (ctx.operation === 'create' || ctx.operation === 'update') {
    const holders = ['user_id', 'service_id', 'vehicle_id'].filter((k) => !!values[k]);
    if (holders.length !== 1)
      throw badRequest({ user_id: 'An alert is on exactly one person, service or vehicle.' });
    for (const k of ['user_id', 'service_id', 'vehicle_id', 'license_request_id', 'certification_id'])
      values[k] = values[k] ?? null;
  }
  if (ctx.operation === 'create') values.created_by = ctx.auth?.userId ?? null;
  if (retired === true && !ctx.before?.retired_at) {
    values.retired_at = new Date();
    values.retired_by = ctx.auth?.userId ?? null;
  } else if (retired === false) {
    values.retired_at = null;
    values.retired_by = null;
  }
  return values;
}

const booleanParam = z.enum(['true', 'false'], { message: 'retired must be true or false' });

/** Alerts on people, services and vehicles (`{alert: {..., value}}`). */
export const alertResource: Resource = {
  path: 'Alerts',
  entity: 'alerts',
  wrapper: 'alert',
  singular: 'alert',
  tags: ['alerts'],
  table: alerts,
  read: speaksForHolder('alerts.read'),
  write: 'alerts.write',
  input: alertInput,
  output: alertOutput,
  present: presentAlert,
  columns: alertColumns,
  joins: joinAlertNames,
  filters: {
    user_id: { column: alerts.user_id, schema: uuid('user_id') },
    service_id: { column: alerts.service_id, schema: uuid('service_id') },
    vehicle_id: { column: alerts.vehicle_id, schema: uuid('vehicle_id') },
    alert_type_id: { column: alerts.alert_type_id, schema: uuid('alert_type_id') },
    severity: { column: alert_types.severity },
    retired: {
      column: alerts.retired_at,
      schema: booleanParam,
      where: (v) => sql`((${alerts.retired_at} is not null) = (${v} = 'true'))`,
    },
  },
  search: [alerts.value, users.last_name, users.first_name, services.name, vehicles.unit_number],
  sort: {
    created_at: alerts.created_at,
    alert_type: sql`lower(${alert_types.label})`,
    severity: sql`case ${alert_types.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`,
    holder_name: sql`lower(coalesce(${users.last_name}, ${services.name}, ${vehicles.unit_number}))`,
  },
  defaultSort: 'created_at',
  scope: alertScope,
  refs: {
    alert_type_id: { table: alert_types, what: 'alert type' },
    user_id: { table: users, what: 'person' },
    service_id: { table: services, what: 'service' },
    vehicle_id: { table: vehicles, what: 'vehicle' },
    license_request_id: { table: licenseRequests, what: 'licence request' },
    certification_id: { table: certifications, what: 'credential' },
  },
  hooks: { validate: alertValues },
};
