import { type CertificationOutput, certificationInput, certificationOutput } from '@licensure/contracts';
import { certifications, licenses, referenceTables, services, users, vehicles } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { heldRows } from '../../platform/permissions/scopes';
import type { JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { certificationValues } from './save-certification';

const level = referenceTables.license_category_levels;
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** What a credential list or page shows beside the credential: licence, level and holder names. */
export const certificationColumns = {
  license_name: licenses.name,
  level_label: sql<string | null>`${level.label}`,
  holder_name: sql<string | null>`coalesce(
      nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''),
      ${services.name},
      nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.make}, ${vehicles.model}), ''))`,
};

export const joinCertificationNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(licenses, eq(licenses.id, certifications.license_id))
    .leftJoin(level, eq(level.id, certifications.license_category_level_id))
    .leftJoin(users, eq(users.id, certifications.user_id))
    .leftJoin(services, eq(services.id, certifications.service_id))
    .leftJoin(vehicles, eq(vehicles.id, certifications.vehicle_id));

/** One credential as every screen shows it. */
export function presentCertification(c: Row): CertificationOutput {
  return {
    id: c.id as string,
    license_id: (c.license_id as string | null) ?? null,
    license_name: (c.license_name as string | null) ?? null,
    license_category_id: (c.license_category_id as string | null) ?? null,
    license_category_level_id: (c.license_category_level_id as string | null) ?? null,
    level_label: (c.level_label as string | null) ?? null,
    user_id: (c.user_id as string | null) ?? null,
    service_id: (c.service_id as string | null) ?? null,
    vehicle_id: (c.vehicle_id as string | null) ?? null,
    holder_name: (c.holder_name as string | null) ?? null,
    number: c.number as string,
    status: c.status as string,
    certification_status_id: (c.certification_status_id as string | null) ?? null,
    issue_date: (c.issue_date as string | null) ?? null,
    expiration_date: (c.expiration_date as string | null) ?? null,
    license_request_id: (c.license_request_id as string | null) ?? null,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

/** Staff who read requests, or the registry (services, vehicles and their credentials), see every credential. */
export const certificationReaders = ['requests.read', 'registry.read'] as const;

/**
 * Credentials held by people, services and vehicles. Staff who read requests or the registry see
 * every one; anyone else the ones they hold or speak for. Never erased: deleting one entered in
 * error keeps it, marked deleted with the reason.
 */
export const certificationResource: Resource = {
  path: 'certifications',
  entity: 'certifications',
  wrapper: 'certification',
  singular: 'credential',
  tags: ['licensing'],
  table: certifications,
  read: 'authenticated',
  write: 'requests.write',
  input: certificationInput,
  output: certificationOutput,
  present: presentCertification,
  columns: certificationColumns,
  joins: joinCertificationNames,
  filters: {
    user_id: { column: certifications.user_id, schema: uuid('user_id') },
    service_id: { column: certifications.service_id, schema: uuid('service_id') },
    vehicle_id: { column: certifications.vehicle_id, schema: uuid('vehicle_id') },
    license_id: { column: certifications.license_id, schema: uuid('license_id') },
    status: { column: certifications.status, schema: certificationInput.shape.status.unwrap() },
  },
  search: [certifications.number],
  sort: {
    number: certifications.number,
    expiration_date: certifications.expiration_date,
    issue_date: certifications.issue_date,
  },
  defaultSort: 'expiration_date',
  scope: heldRows(
    {
      user_id: certifications.user_id,
      service_id: certifications.service_id,
      vehicle_id: certifications.vehicle_id,
    },
    certificationReaders,
  ),
  softDelete: { reason: true },
  events: true,
  hooks: { validate: certificationValues },
};
