import type { PermissionKey, QuerySubject } from '@licensure/contracts';
import {
  certifications,
  complaints,
  courseAttendees,
  ipInspections,
  services,
  users,
  vehicles,
} from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RuleEntity } from '../licensing/rules/compile';

/** What a saved query lists: each subject's table, its live rows, who may list it and its default order. */

type Expr = PgColumn | SQL;

export interface CatalogueSubject {
  key: QuerySubject;
  table: PgTable;
  id: PgColumn;
  enterprise: PgColumn;
  /** Rows that count: not deleted. */
  live: SQL;
  permission: PermissionKey;
  /** The licence rule entity, when its rows can be held to licence rules (criteria). */
  ruleEntity?: RuleEntity;
  /** The sort used when the query names none, then the id. */
  defaultSort: Expr;
}

export const subjects: Record<QuerySubject, CatalogueSubject> = {
  people: {
    key: 'people',
    table: users,
    id: users.id,
    enterprise: users.enterprise_id,
    live: sql`${users.deleted_at} is null`,
    permission: 'users.read',
    ruleEntity: 'user',
    defaultSort: sql`lower(${users.last_name}) collate "C"`,
  },
  services: {
    key: 'services',
    table: services,
    id: services.id,
    enterprise: services.enterprise_id,
    live: sql`${services.deleted_at} is null`,
    permission: 'registry.read',
    ruleEntity: 'service',
    defaultSort: services.name,
  },
  vehicles: {
    key: 'vehicles',
    table: vehicles,
    id: vehicles.id,
    enterprise: vehicles.enterprise_id,
    live: sql`${vehicles.deleted_at} is null`,
    permission: 'registry.read',
    ruleEntity: 'vehicle',
    defaultSort: vehicles.serial_number,
  },
  certifications: {
    key: 'certifications',
    table: certifications,
    id: certifications.id,
    enterprise: certifications.enterprise_id,
    live: sql`${certifications.deleted_at} is null`,
    permission: 'requests.read',
    defaultSort: certifications.number,
  },
  complaints: {
    key: 'complaints',
    table: complaints,
    id: complaints.id,
    enterprise: complaints.enterprise_id,
    live: sql`${complaints.deleted_at} is null`,
    permission: 'complaints.read',
    defaultSort: complaints.received_at,
  },
  inspections: {
    key: 'inspections',
    table: ipInspections,
    id: ipInspections.id,
    enterprise: ipInspections.enterprise_id,
    live: sql`${ipInspections.deleted_at} is null`,
    permission: 'inspections.read',
    defaultSort: ipInspections.number,
  },
  course_attendees: {
    key: 'course_attendees',
    table: courseAttendees,
    id: courseAttendees.id,
    enterprise: courseAttendees.enterprise_id,
    live: sql`${courseAttendees.deleted_at} is null`,
    permission: 'education.read',
    defaultSort: courseAttendees.completed_on,
  },
};
