import {
  checklistInput,
  checklistOutput,
  inspectionCommentInput,
  inspectionCommentOutput,
  inspectionInput,
  inspectionOutput,
  visitInput,
  visitOutput,
  visitStatuses,
} from '@licensure/contracts';
import {
  fbForms,
  fbResponses,
  ip_statuses,
  ip_templates,
  ipChecklists,
  ipComments,
  ipInspections,
  ipVisits,
  services,
  users,
  vehicles,
} from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pick } from '../../platform/resources/present';
import type { JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { checklistValues } from './checklist-values';
import { expandInspections, inspectionAfterChange, inspectionValues } from './inspection-values';
import { visitAfterChange } from './plan-inspections';
import { visitValues } from './visit-values';

const tags = ['inspections'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const read = 'inspections.read';
const write = 'inspections.write';
const keysOf = <T extends z.ZodObject>(schema: T) => Object.keys(schema.shape) as string[];

const visitKeys = keysOf(visitOutput);
/** The visits of a year or a month (placeholders are cast: a list statement is prepared once). */
const part = (what: 'year' | 'month', v: SQLWrapper) =>
  sql`extract(${sql.raw(what)} from ${ipVisits.inspection_date}) = (${v})::int`;

/** IPVisits: visits to a service (created with their inspections by POST IPVisits, in the module). */
export const visitResource: Resource = {
  path: 'IPVisits',
  entity: 'ip_visits',
  wrapper: 'visit',
  singular: 'visit',
  tags,
  table: ipVisits,
  read,
  write,
  routes: { create: false },
  input: visitInput,
  patch: visitInput.partial(),
  output: visitOutput,
  present: (row) => ({
    ...pick(visitKeys)(row),
    inspection_count: Number(row.inspection_count ?? 0),
    inspector_ids: row.inspector_ids ?? [],
  }),
  columns: {
    service_name: services.name,
    inspection_count: sql<number>`(select count(*)::int from ip_inspections i
      where i.visit_id = ${ipVisits.id} and i.deleted_at is null)`,
    checked_out_by: sql<string | null>`(select c.user_id from ip_checkout_logs c
      where c.visit_id = ${ipVisits.id} and c.checked_in_at is null limit 1)`,
  },
  joins: (q: JoinableQuery) => q.leftJoin(services, eq(services.id, ipVisits.service_id)),
  filters: {
    service_id: { column: ipVisits.service_id },
    status: { column: ipVisits.status, schema: z.enum(visitStatuses) },
    inspector_id: {
      column: ipVisits.inspector_ids,
      schema: uuid('inspector_id'),
      where: (v) => sql`(${v})::uuid = any(${ipVisits.inspector_ids})`,
    },
    /** userOnly=true: the visits the signed-in user inspects (the list's caller placeholder). */
    userOnly: {
      column: ipVisits.inspector_ids,
      schema: z.enum(['true', 'false'], { message: 'userOnly must be true or false' }),
      where: (v) =>
        sql`((${v})::text <> 'true' or (${sql.placeholder('auth_user')})::uuid = any(${ipVisits.inspector_ids}))`,
    },
    month: {
      column: ipVisits.inspection_date,
      schema: z.coerce.number().int().min(1, 'month must be 1 to 12').max(12, 'month must be 1 to 12'),
      where: (v) => part('month', v),
    },
    year: {
      column: ipVisits.inspection_date,
      schema: z.coerce.number().int().min(1900, 'year is out of range').max(2200, 'year is out of range'),
      where: (v) => part('year', v),
    },
  },
  search: [services.name, ipVisits.notes],
  sort: {
    inspection_date: [ipVisits.inspection_date, ipVisits.inspection_time],
    service_name: sql`lower(${services.name})`,
    created_at: ipVisits.created_at,
    updated_at: ipVisits.updated_at,
  },
  defaultSort: 'inspection_date',
  refs: {
    service_id: { table: services, what: 'service' },
    service_template_id: { table: ip_templates, what: 'service template' },
    vehicle_template_id: { table: ip_templates, what: 'vehicle template' },
    inspector_ids: { table: users, what: 'inspector' },
  },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: visitValues, afterChange: visitAfterChange },
};

const inspectionKeys = keysOf(inspectionOutput);
const vehicleName = sql<
  string | null
>`nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.serial_number}), '')`;

export const presentInspection = (row: Row) => ({
  ...pick(inspectionKeys)(row),
  signature_type_in_person: row.signature_type_in_person === true,
  spot_check: row.spot_check === true,
  submitted: row.submitted === true,
  deficiencies: row.deficiencies ?? [],
  fees: row.fees ?? [],
});

/** IPInspections: one inspection of a service or vehicle (POST and PUT are the module's: submit). */
export const inspectionResource: Resource = {
  path: 'IPInspections',
  entity: 'ip_inspections',
  wrapper: 'inspection',
  singular: 'inspection',
  tags,
  table: ipInspections,
  read,
  write,
  routes: { create: false, update: false },
  input: inspectionInput,
  output: inspectionOutput,
  present: presentInspection,
  columns: {
    template: ip_templates.label,
    service_name: services.name,
    vehicle_name: vehicleName,
    status: ip_statuses.label,
  },
  joins: (q: JoinableQuery) =>
    q
      .leftJoin(ip_templates, eq(ip_templates.id, ipInspections.ip_template_id))
      .leftJoin(services, eq(services.id, ipInspections.service_id))
      .leftJoin(vehicles, eq(vehicles.id, ipInspections.vehicle_id))
      .leftJoin(ip_statuses, eq(ip_statuses.id, ipInspections.ip_status_id)),
  filters: {
    visit_id: { column: ipInspections.visit_id },
    service_id: { column: ipInspections.service_id },
    vehicle_id: { column: ipInspections.vehicle_id },
    ip_status_id: { column: ipInspections.ip_status_id },
    inspector_id: { column: ipInspections.inspector_id },
    entity: { column: ipInspections.entity, schema: z.enum(['service', 'vehicle']) },
    submitted: { column: ipInspections.submitted },
  },
  search: [ipInspections.number, services.name, vehicles.unit_number],
  sort: {
    number: ipInspections.number,
    created_at: ipInspections.created_at,
    updated_at: ipInspections.updated_at,
    service_name: sql`lower(${services.name})`,
  },
  defaultSort: 'created_at',
  filterRoutes: true,
  refs: {
    visit_id: { table: ipVisits, what: 'visit' },
    ip_template_id: { table: ip_templates, what: 'inspection template' },
    service_id: { table: services, what: 'service' },
    vehicle_id: { table: vehicles, what: 'vehicle' },
    ip_status_id: { table: ip_statuses, what: 'inspection status' },
    inspector_id: { table: users, what: 'inspector' },
  },
  unique: { ip_inspections_number_key: 'number' },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: inspectionValues, afterChange: inspectionAfterChange, expand: expandInspections },
};

const checklistKeys = keysOf(checklistOutput);

/** IPChecklists: an inspection's checklist, its answers a form response (fbresponses with checklistID). */
export const checklistResource: Resource = {
  path: 'IPChecklists',
  entity: 'ip_checklists',
  wrapper: 'checklist',
  singular: 'checklist',
  tags,
  table: ipChecklists,
  read,
  write,
  input: checklistInput,
  output: checklistOutput,
  present: (row) => ({
    ...pick(checklistKeys)(row),
    completed: row.completed === true,
    signature_type_in_person: row.signature_type_in_person === true,
    has_signature: !!row.signature,
  }),
  filters: {
    inspection_id: { column: ipChecklists.inspection_id },
    client_id: { column: ipChecklists.client_id },
    completed: { column: ipChecklists.completed },
  },
  search: [ipChecklists.name],
  sort: {
    created_at: ipChecklists.created_at,
    name: sql`lower(${ipChecklists.name})`,
    updated_at: ipChecklists.updated_at,
  },
  defaultSort: 'created_at',
  refs: {
    inspection_id: { table: ipInspections, what: 'inspection' },
    form_id: { table: fbForms, what: 'form' },
    response_id: { table: fbResponses, what: 'form response' },
  },
  unique: { ip_checklists_client_key: 'client_id' },
  softDelete: { reason: true },
  hooks: { validate: checklistValues },
};

const commentKeys = keysOf(inspectionCommentOutput);
const author = alias(users, 'ip_comment_author');

/** IPComment: administrative comments on an inspection (resolve and show-on-PDF are the module's). */
export const commentResource: Resource = {
  path: 'IPComment',
  entity: 'ip_comments',
  wrapper: 'comment',
  singular: 'comment',
  tags,
  table: ipComments,
  read,
  write,
  routes: { get: false, update: false, delete: false },
  input: inspectionCommentInput,
  output: inspectionCommentOutput,
  present: (row) => ({
    ...pick(commentKeys)(row),
    show_on_pdf: row.show_on_pdf === true,
    resolved: row.resolved === true,
  }),
  columns: {
    author_name: sql<
      string | null
    >`nullif(trim(concat_ws(' ', ${author.first_name}, ${author.last_name})), '')`,
  },
  joins: (q: JoinableQuery) => q.leftJoin(author, eq(author.id, ipComments.created_by)),
  filters: {
    inspection_id: { column: ipComments.inspection_id, schema: uuid('inspection_id') },
    resolved: { column: ipComments.resolved },
  },
  sort: { created_at: ipComments.created_at },
  defaultSort: 'created_at',
  refs: { inspection_id: { table: ipInspections, what: 'inspection' } },
  hooks: {
    validate: (input, ctx) =>
      ctx.operation === 'create' ? { ...input, created_by: ctx.auth?.userId ?? null } : input,
  },
};
