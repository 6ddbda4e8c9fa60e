import {
  type ComplaintOutput,
  complaintActionInput,
  complaintActionOutput,
  complaintActivityInput,
  complaintActivityOutput,
  complaintInput,
  complaintOutput,
  investigationInput,
  investigationOutcomes,
  investigationOutput,
  investigationStatuses,
} from '@licensure/contracts';
import {
  certifications,
  complaint_activity_types,
  complaint_categories,
  complaint_monitoring_actions,
  complaint_statuses,
  complaintActions,
  complaintActivities,
  complaints,
  investigations,
  services,
  users,
  vehicles,
} from '@licensure/db';
import { eq, isNotNull, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { holdsAny } from '../../platform/permissions/scopes';
import { isoRow, pick } from '../../platform/resources/present';
import type { JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { logComplaintAccess } from './access-log';
import { activityValues } from './activity-values';
import { complaintAfterChange, complaintValues } from './complaint-values';
import { investigationAfterChange, investigationValues } from './investigation-values';

const tags = ['complaints'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });

const assignee = alias(users, 'complaint_assignee');
const subjectPerson = alias(users, 'complaint_subject_person');
const performer = alias(users, 'complaint_activity_performer');
const fullName = (u: { first_name: SQLWrapper; last_name: SQLWrapper }) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${u.first_name}, ${u.last_name})), '')`;

/** The names a complaint is shown with: its category, status, assignee and linked subject. */
export const complaintColumns: Record<string, SQLWrapper> = {
  category: sql<string | null>`${complaint_categories.label}`,
  status: sql<string | null>`${complaint_statuses.label}`,
  is_closed: sql<boolean>`coalesce(${complaint_statuses.is_closed}, false)`,
  assigned_name: fullName(assignee),
  linked_subject: sql<string | null>`coalesce(${fullName(subjectPerson)}, ${services.name},
    nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.serial_number}), ''))`,
};

export const joinComplaintNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(complaint_categories, eq(complaint_categories.id, complaints.complaint_category_id))
    .leftJoin(complaint_statuses, eq(complaint_statuses.id, complaints.complaint_status_id))
    .leftJoin(assignee, eq(assignee.id, complaints.assigned_to))
    .leftJoin(subjectPerson, eq(subjectPerson.id, complaints.user_id))
    .leftJoin(services, eq(services.id, complaints.service_id))
    .leftJoin(vehicles, eq(vehicles.id, complaints.vehicle_id));

const complaintKeys = Object.keys(complaintOutput.shape) as (keyof ComplaintOutput)[];

export function presentComplaint(row: Row): ComplaintOutput {
  const out = pick(complaintKeys)(row) as Row;
  out.subject_kind = row.user_id ? 'user' : row.service_id ? 'service' : row.vehicle_id ? 'vehicle' : null;
  out.subject_name = (row.subject_name as string | null) ?? null;
  out.linked_subject_name = (row.linked_subject as string | null) ?? null;
  out.is_closed = row.is_closed === true;
  out.source = row.source ?? 'staff';
  return out as ComplaintOutput;
}

/** Only staff holding complaints.read see complaints; the portal reaches its own through getByUserID. */
export const complaintResource: Resource = {
  path: 'Complaints',
  entity: 'complaints',
  wrapper: 'complaint',
  singular: 'complaint',
  tags,
  table: complaints,
  read: 'complaints.read',
  write: 'complaints.write',
  input: complaintInput,
  output: complaintOutput,
  present: presentComplaint,
  columns: complaintColumns,
  joins: joinComplaintNames,
  filters: {
    complaint_status_id: { column: complaints.complaint_status_id },
    complaint_category_id: { column: complaints.complaint_category_id },
    assigned_to: { column: complaints.assigned_to },
    user_id: { column: complaints.user_id },
    service_id: { column: complaints.service_id },
    vehicle_id: { column: complaints.vehicle_id },
    source: { column: complaints.source, schema: z.enum(['staff', 'public', 'portal']) },
    closed: {
      column: complaints.closed_at,
      schema: z.enum(['true', 'false'], { message: 'closed must be true or false' }),
      where: (v) => sql`((${complaints.closed_at} is not null) = (${v} = 'true'))`,
    },
  },
  search: [
    complaints.number,
    complaints.subject_name,
    complaints.complainant_last_name,
    subjectPerson.last_name,
    services.name,
  ],
  sort: {
    received_at: complaints.received_at,
    number: complaints.number,
    status: sql`lower(${complaint_statuses.label})`,
    category: sql`lower(${complaint_categories.label})`,
    subject_name: sql`lower(coalesce(${subjectPerson.last_name}, ${services.name}, ${complaints.subject_name}))`,
    updated_at: complaints.updated_at,
  },
  defaultSort: 'received_at',
  filterRoutes: true,
  refs: {
    complaint_category_id: { table: complaint_categories, what: 'complaint category' },
    complaint_status_id: { table: complaint_statuses, what: 'complaint status' },
    user_id: { table: users, what: 'person' },
    service_id: { table: services, what: 'service' },
    vehicle_id: { table: vehicles, what: 'vehicle' },
    certification_id: { table: certifications, what: 'credential' },
    assigned_to: { table: users, what: 'staff member' },
  },
  unique: { complaints_number_key: 'number' },
  softDelete: { reason: true },
  events: true,
  hooks: {
    validate: complaintValues,
    afterChange: complaintAfterChange,
    // Every read of one complaint is logged before it is answered.
    afterRead: (row, { request, db }) => logComplaintAccess(db, request, String(row.id), 'read'),
  },
};

const investigationKeys = Object.keys(
  investigationOutput.shape,
) as (keyof typeof investigationOutput.shape)[];

/** Confidential investigations: only staff holding investigations.read ever see one. */
export const investigationResource: Resource = {
  path: 'InvestigationsModule/Investigation',
  entity: 'investigations',
  wrapper: 'investigation',
  singular: 'investigation',
  tags,
  table: investigations,
  read: 'investigations.read',
  write: 'investigations.write',
  input: investigationInput,
  output: investigationOutput,
  present: (row) => ({ ...pick(investigationKeys)(row), investigator_ids: row.investigator_ids ?? [] }),
  columns: { complaint_number: complaints.number },
  joins: (q) => q.leftJoin(complaints, eq(complaints.id, investigations.complaint_id)),
  filters: {
    complaint_id: { column: investigations.complaint_id },
    status: { column: investigations.status, schema: z.enum(investigationStatuses) },
    outcome: { column: investigations.outcome, schema: z.enum(investigationOutcomes) },
  },
  search: [complaints.number, investigations.summary],
  sort: {
    opened_at: investigations.opened_at,
    status: investigations.status,
    complaint_number: complaints.number,
    updated_at: investigations.updated_at,
  },
  defaultSort: 'opened_at',
  refs: {
    complaint_id: { table: complaints, what: 'complaint' },
    certification_id: { table: certifications, what: 'credential' },
    investigator_ids: { table: users, what: 'investigator' },
  },
  softDelete: { reason: true },
  events: true,
  hooks: {
    validate: investigationValues,
    afterChange: investigationAfterChange,
    afterRead: (row, { request, db }) =>
      logComplaintAccess(db, request, String(row.complaint_id), 'read-investigation', String(row.id)),
  },
};

/** Activities logged inside an investigation are as confidential as the investigation. */
export const investigationReaders = ['investigations.read'] as const;

const activityColumns: Record<string, SQLWrapper> = {
  activity_type: sql<string | null>`${complaint_activity_types.label}`,
  performed_by_name: fullName(performer),
};
const joinActivityNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(
      complaint_activity_types,
      eq(complaint_activity_types.id, complaintActivities.complaint_activity_type_id),
    )
    .leftJoin(performer, eq(performer.id, complaintActivities.performed_by));
const activityKeys = Object.keys(
  complaintActivityOutput.shape,
) as (keyof typeof complaintActivityOutput.shape)[];
export const presentActivity = (row: Row) => {
  const out = pick(activityKeys)(row) as Row;
  out.hours = row.hours === null || row.hours === undefined ? null : Number(row.hours);
  return out;
};

const activityBase = {
  entity: 'complaint_activities',
  wrapper: 'complaint_activity',
  singular: 'activity',
  tags,
  table: complaintActivities,
  input: complaintActivityInput,
  output: complaintActivityOutput,
  present: presentActivity,
  columns: activityColumns,
  joins: joinActivityNames,
  filters: {
    complaint_id: { column: complaintActivities.complaint_id, schema: uuid('complaint_id') },
    investigation_id: { column: complaintActivities.investigation_id, schema: uuid('investigation_id') },
    complaint_activity_type_id: { column: complaintActivities.complaint_activity_type_id },
  },
  search: [complaintActivities.description],
  sort: {
    activity_date: [complaintActivities.activity_date, complaintActivities.created_at],
    created_at: complaintActivities.created_at,
  },
  defaultSort: 'activity_date',
  refs: {
    complaint_id: { table: complaints, what: 'complaint' },
    investigation_id: { table: investigations, what: 'investigation' },
    complaint_activity_type_id: { table: complaint_activity_types, what: 'activity type' },
  },
  softDelete: {},
} satisfies Partial<Resource>;

/** ComplaintActivityTracking: the activity timeline of complaints (and, for investigators, of investigations). */
export const activityResource: Resource = {
  ...activityBase,
  path: 'ComplaintActivityTracking',
  read: 'complaints.read',
  write: 'complaints.write',
  scope: (auth) =>
    holdsAny(auth, investigationReaders)
      ? null
      : { name: 'outside-investigations', where: () => isNull(complaintActivities.investigation_id) },
  hooks: { validate: activityValues },
};

/** InvestigationActivityTrackingHistory: an investigation's activity history (read and delete). */
export const activityHistoryResource: Resource = {
  ...activityBase,
  path: 'InvestigationActivityTrackingHistory',
  read: 'investigations.read',
  write: 'investigations.write',
  routes: { create: false, update: false },
  scope: () => ({
    name: 'investigation-history',
    where: () => isNotNull(complaintActivities.investigation_id),
  }),
};

const actionKeys = Object.keys(complaintActionOutput.shape) as (keyof typeof complaintActionOutput.shape)[];

/** ComplaintMonitoring: monitoring actions set on a complaint ({complaint_action}). */
export const monitoringResource: Resource = {
  path: 'ComplaintMonitoring',
  entity: 'complaint_actions',
  wrapper: 'complaint_action',
  singular: 'monitoring action',
  tags,
  table: complaintActions,
  read: 'complaints.read',
  write: 'complaints.write',
  input: complaintActionInput,
  output: complaintActionOutput,
  present: (row) => pick(actionKeys)(isoRow(row)),
  columns: { action: sql<string | null>`${complaint_monitoring_actions.label}` },
  joins: (q) =>
    q.leftJoin(
      complaint_monitoring_actions,
      eq(complaint_monitoring_actions.id, complaintActions.complaint_monitoring_action_id),
    ),
  filters: { complaint_id: { column: complaintActions.complaint_id, schema: uuid('complaint_id') } },
  sort: { start_date: complaintActions.start_date, created_at: complaintActions.created_at },
  defaultSort: 'created_at',
  refs: {
    complaint_id: { table: complaints, what: 'complaint' },
    complaint_monitoring_action_id: { table: complaint_monitoring_actions, what: 'monitoring action' },
  },
  softDelete: {},
  hooks: {
    validate: (input, ctx) =>
      ctx.operation === 'create' ? { ...input, created_by: ctx.auth?.userId } : input,
  },
};
