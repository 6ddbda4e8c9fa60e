import type { PermissionKey, QueryFieldType, QuerySubject } from '@licensure/contracts';
import {
  attendee_statuses,
  certification_levels,
  certifications,
  complaint_categories,
  complaint_statuses,
  complaints,
  counties,
  courseAttendees,
  ip_statuses,
  ipInspections,
  licenses,
  type ReferenceTable,
  services,
  trainings,
  user_statuses,
  users,
  vehicle_types,
  vehicles,
} from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { subjects } from './subjects';

/**
 * The whitelist of the query builder: the subjects a query lists and the fields it may show, filter and
 * sort on. A field is reached only through this catalogue: its id selects SQL built here from column
 * objects, never from text the caller sent. Each field names the permission needed to read it.
 */

type Expr = PgColumn | SQL;

/** How a field is filtered: on its own column, through a reference list, or through linked rows. */
export type FieldAccess =
  | { kind: 'column'; expr: Expr }
  | { kind: 'lookup'; fk: Expr; table: PgTable; id: PgColumn; label: PgColumn }
  | { kind: 'many'; table: PgTable; link: PgColumn; live: SQL; inner: FieldAccess };

export interface CatalogueField {
  id: string;
  subject: QuerySubject;
  group: string;
  label: string;
  type: QueryFieldType;
  permission: PermissionKey;
  access: FieldAccess;
  /** What it sorts by when not its value: names sort as the name indexes hold them (lower case, byte order). */
  sortKey?: SQL;
  /** The reference list whose labels a filter may pick from. */
  choices?: { table: PgTable; label: PgColumn; enterprise: PgColumn };
}

export { type CatalogueSubject, subjects } from './subjects';

const column = (expr: Expr): FieldAccess => ({ kind: 'column', expr });
const refLabel = (fk: Expr, table: ReferenceTable): FieldAccess => ({
  kind: 'lookup',
  fk,
  table,
  id: table.id,
  label: table.label,
});
const county = (fk: Expr): FieldAccess => ({
  kind: 'lookup',
  fk,
  table: counties,
  id: counties.fips,
  label: counties.name,
});
const personCertifications = (inner: FieldAccess): FieldAccess => ({
  kind: 'many',
  table: certifications,
  link: certifications.user_id,
  live: sql`${certifications.deleted_at} is null`,
  inner,
});
const serviceCertifications = (inner: FieldAccess): FieldAccess => ({
  ...(personCertifications(inner) as Extract<FieldAccess, { kind: 'many' }>),
  link: certifications.service_id,
});
const choicesOf = (table: ReferenceTable) => ({
  table,
  label: table.label,
  enterprise: table.enterprise_id,
});

type Spec = Omit<CatalogueField, 'id' | 'subject'>;

function fields(subject: QuerySubject, specs: Record<string, Spec>): CatalogueField[] {
  return Object.entries(specs).map(([name, spec]) => ({ id: `${subject}.${name}`, subject, ...spec }));
}

const text = (group: string, label: string, expr: Expr, permission: PermissionKey): Spec => ({
  group,
  label,
  type: 'text',
  permission,
  access: column(expr),
});
const typed =
  (type: QueryFieldType) => (group: string, label: string, expr: Expr, permission: PermissionKey) => ({
    ...text(group, label, expr, permission),
    type,
  });
const date = typed('date');
const num = typed('number');
const bool = typed('bool');
const day = (c: PgColumn) => sql`(${c})::date`;
/** The order of the people search's name index (users_name_order_idx): lower case, byte order. */
const byName = (c: PgColumn) => sql`lower(${c}) collate "C"`;

const holderName = sql`coalesce(
  (select ${users.last_name} || ', ' || ${users.first_name} from ${users} where ${users.id} = ${certifications.user_id}),
  (select ${services.name} from ${services} where ${services.id} = ${certifications.service_id}),
  (select ${vehicles.serial_number} from ${vehicles} where ${vehicles.id} = ${certifications.vehicle_id}))`;
const holderCounty = sql`coalesce(
  (select ${users.county_fips} from ${users} where ${users.id} = ${certifications.user_id}),
  (select ${services.county_fips} from ${services} where ${services.id} = ${certifications.service_id}))`;

const people = 'Person';
const credential = 'Certifications';
export const catalogue: CatalogueField[] = [
  ...fields('people', {
    last_name: {
      ...text(people, 'Last name', users.last_name, 'users.read'),
      sortKey: byName(users.last_name),
    },
    first_name: {
      ...text(people, 'First name', users.first_name, 'users.read'),
      sortKey: byName(users.first_name),
    },
    middle_name: text(people, 'Middle name', users.middle_name, 'users.read'),
    email: text(people, 'Email', users.email, 'users.read'),
    phone: text(people, 'Phone', users.phone, 'users.read'),
    city: text(people, 'City', users.city, 'users.read'),
    state: text(people, 'State', users.state, 'users.read'),
    postal_code: text(people, 'Postal code', users.postal_code, 'users.read'),
    county: {
      group: people,
      label: 'County',
      type: 'text',
      permission: 'users.read',
      access: county(users.county_fips),
    },
    birth_date: date(people, 'Birth date', users.birth_date, 'users.read'),
    national_ems_id: text(people, 'National registry number', users.national_ems_id, 'users.read'),
    account_identifier: text(people, 'Account number', users.account_identifier, 'users.read'),
    status: {
      group: people,
      label: 'Status',
      type: 'text',
      permission: 'users.read',
      access: refLabel(users.user_status_id, user_statuses),
      choices: choicesOf(user_statuses),
    },
    certification_level: {
      group: credential,
      label: 'Certification level',
      type: 'text',
      permission: 'requests.read',
      access: personCertifications(refLabel(certifications.certification_level_id, certification_levels)),
      choices: choicesOf(certification_levels),
    },
    license: {
      group: credential,
      label: 'Licence',
      type: 'text',
      permission: 'requests.read',
      access: personCertifications({
        kind: 'lookup',
        fk: certifications.license_id,
        table: licenses,
        id: licenses.id,
        label: licenses.name,
      }),
    },
    certification_number: {
      ...text(credential, 'Certification number', certifications.number, 'requests.read'),
      access: personCertifications(column(certifications.number)),
    },
    certification_status: {
      ...text(credential, 'Certification status', certifications.status, 'requests.read'),
      access: personCertifications(column(certifications.status)),
    },
    certification_expiration: {
      ...date(credential, 'Certification expires', certifications.expiration_date, 'requests.read'),
      access: personCertifications(column(certifications.expiration_date)),
    },
  }),
  ...fields('services', {
    name: text('Service', 'Name', services.name, 'registry.read'),
    service_number: text('Service', 'Service number', services.service_number, 'registry.read'),
    city: text('Service', 'City', services.city, 'registry.read'),
    state: text('Service', 'State', services.state, 'registry.read'),
    postal_code: text('Service', 'Postal code', services.postal_code, 'registry.read'),
    county: {
      group: 'Service',
      label: 'County',
      type: 'text',
      permission: 'registry.read',
      access: county(services.county_fips),
    },
    primary_level: {
      group: 'Service',
      label: 'Primary level',
      type: 'text',
      permission: 'registry.read',
      access: refLabel(services.primary_level_id, certification_levels),
      choices: choicesOf(certification_levels),
    },
    phone: text('Service', 'Phone', services.phone, 'registry.read'),
    email: text('Service', 'Email', services.email, 'registry.read'),
    active: bool('Service', 'Active', services.active, 'registry.read'),
    licence_number: {
      ...text(credential, 'Licence number', certifications.number, 'registry.read'),
      access: serviceCertifications(column(certifications.number)),
    },
    licence_expiration: {
      ...date(credential, 'Licence expires', certifications.expiration_date, 'registry.read'),
      access: serviceCertifications(column(certifications.expiration_date)),
    },
  }),
  ...fields('vehicles', {
    serial_number: text('Vehicle', 'VIN or serial number', vehicles.serial_number, 'registry.read'),
    unit_number: text('Vehicle', 'Unit number', vehicles.unit_number, 'registry.read'),
    make: text('Vehicle', 'Make', vehicles.make, 'registry.read'),
    model: text('Vehicle', 'Model', vehicles.model, 'registry.read'),
    model_year: num('Vehicle', 'Model year', vehicles.model_year, 'registry.read'),
    license_plate: text('Vehicle', 'Licence plate', vehicles.license_plate, 'registry.read'),
    plate_state: text('Vehicle', 'Plate state', vehicles.plate_state, 'registry.read'),
    vehicle_type: {
      group: 'Vehicle',
      label: 'Vehicle type',
      type: 'text',
      permission: 'registry.read',
      access: refLabel(vehicles.vehicle_type_id, vehicle_types),
      choices: choicesOf(vehicle_types),
    },
    in_service: bool('Vehicle', 'In service', vehicles.in_service, 'registry.read'),
  }),
  ...fields('certifications', {
    number: text(credential, 'Number', certifications.number, 'requests.read'),
    status: text(credential, 'Status', certifications.status, 'requests.read'),
    issue_date: date(credential, 'Issued', certifications.issue_date, 'requests.read'),
    expiration_date: date(credential, 'Expires', certifications.expiration_date, 'requests.read'),
    license: {
      group: credential,
      label: 'Licence',
      type: 'text',
      permission: 'requests.read',
      access: {
        kind: 'lookup',
        fk: certifications.license_id,
        table: licenses,
        id: licenses.id,
        label: licenses.name,
      },
    },
    level: {
      group: credential,
      label: 'Certification level',
      type: 'text',
      permission: 'requests.read',
      access: refLabel(certifications.certification_level_id, certification_levels),
      choices: choicesOf(certification_levels),
    },
    holder: text('Holder', 'Holder', holderName, 'requests.read'),
    holder_county: {
      group: 'Holder',
      label: 'County',
      type: 'text',
      permission: 'requests.read',
      access: county(holderCounty),
    },
  }),
  ...fields('complaints', {
    number: text('Complaint', 'Number', complaints.number, 'complaints.read'),
    subject_name: text('Complaint', 'About', complaints.subject_name, 'complaints.read'),
    category: {
      group: 'Complaint',
      label: 'Category',
      type: 'text',
      permission: 'complaints.read',
      access: refLabel(complaints.complaint_category_id, complaint_categories),
      choices: choicesOf(complaint_categories),
    },
    status: {
      group: 'Complaint',
      label: 'Status',
      type: 'text',
      permission: 'complaints.read',
      access: refLabel(complaints.complaint_status_id, complaint_statuses),
      choices: choicesOf(complaint_statuses),
    },
    source: text('Complaint', 'Source', complaints.source, 'complaints.read'),
    incident_date: date('Complaint', 'Incident date', complaints.incident_date, 'complaints.read'),
    incident_location: text(
      'Complaint',
      'Incident location',
      complaints.incident_location,
      'complaints.read',
    ),
    received: date('Complaint', 'Received', day(complaints.received_at), 'complaints.read'),
    closed: date('Complaint', 'Closed', day(complaints.closed_at), 'complaints.read'),
  }),
  ...fields('inspections', {
    number: text('Inspection', 'Number', ipInspections.number, 'inspections.read'),
    entity: text('Inspection', 'Of a', ipInspections.entity, 'inspections.read'),
    service: {
      group: 'Inspection',
      label: 'Service',
      type: 'text',
      permission: 'inspections.read',
      access: {
        kind: 'lookup',
        fk: ipInspections.service_id,
        table: services,
        id: services.id,
        label: services.name,
      },
    },
    status: {
      group: 'Inspection',
      label: 'Status',
      type: 'text',
      permission: 'inspections.read',
      access: refLabel(ipInspections.ip_status_id, ip_statuses),
      choices: choicesOf(ip_statuses),
    },
    outcome: text('Inspection', 'Outcome', ipInspections.outcome, 'inspections.read'),
    spot_check: bool('Inspection', 'Spot check', ipInspections.spot_check, 'inspections.read'),
    submitted: bool('Inspection', 'Submitted', ipInspections.submitted, 'inspections.read'),
    submitted_on: date('Inspection', 'Submitted on', day(ipInspections.submitted_at), 'inspections.read'),
  }),
  ...fields('course_attendees', {
    course: {
      group: 'Course',
      label: 'Course',
      type: 'text',
      permission: 'education.read',
      access: {
        kind: 'lookup',
        fk: courseAttendees.training_id,
        table: trainings,
        id: trainings.id,
        label: trainings.name,
      },
    },
    course_start: {
      ...date('Course', 'Course starts', trainings.start_date, 'education.read'),
      access: column(
        sql`(select ${trainings.start_date} from ${trainings} where ${trainings.id} = ${courseAttendees.training_id})`,
      ),
    },
    person: {
      ...text('Attendee', 'Person', users.last_name, 'education.read'),
      access: column(
        sql`(select ${users.last_name} || ', ' || ${users.first_name} from ${users} where ${users.id} = ${courseAttendees.user_id})`,
      ),
    },
    status: {
      group: 'Attendee',
      label: 'Attendance status',
      type: 'text',
      permission: 'education.read',
      access: refLabel(courseAttendees.attendee_status_id, attendee_statuses),
      choices: choicesOf(attendee_statuses),
    },
    completed_on: date('Attendee', 'Completed on', courseAttendees.completed_on, 'education.read'),
    hours: num('Attendee', 'Hours credited', courseAttendees.hours, 'education.read'),
  }),
];

export const fieldById = new Map(catalogue.map((f) => [f.id, f]));

/** Whether the caller may read a field: its own permission and its subject's. */
export const mayRead = (permissions: ReadonlySet<string>, f: CatalogueField) =>
  permissions.has(f.permission) && permissions.has(subjects[f.subject].permission);
