import { type CertificationOutput, certificationInput, certificationOutput } from '@licensure/contracts';
import { certifications } from '@licensure/db';
import { z } from 'zod';
import { speaksForHolder } from '../../platform/permissions/policies';
import { heldRows } from '../../platform/permissions/scopes';
import { refTarget } from '../../platform/resources/references';
import type { Resource, Row } from '../../platform/resources/types';
import { credentialColumns, joinCredentialNames, presentCredential } from './credential-presenter';
import { certificationValues } from './save-certification';

const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/**
 * One credential as every screen shows it: the credential presenter, and the ids a screen links by. One
 * object literal, field by field: spreading the credential view into it cost about as much as the rest
 * of a portal user's credential list (issue 29).
 */
export function presentCertification(c: Row): CertificationOutput {
  const v = presentCredential(c);
  return {
    number: v.number,
    license_name: v.license_name,
    title: v.title,
    level_label: v.level_label,
    holder_name: v.holder_name,
    status: v.status,
    status_label: v.status_label,
    issue_date: v.issue_date,
    expiration_date: v.expiration_date,
    id: c.id as string,
    license_id: (c.license_id as string | null) ?? null,
    license_category_id: (c.license_category_id as string | null) ?? null,
    license_category_level_id: (c.license_category_level_id as string | null) ?? null,
    user_id: (c.user_id as string | null) ?? null,
    service_id: (c.service_id as string | null) ?? null,
    vehicle_id: (c.vehicle_id as string | null) ?? null,
    certification_status_id: (c.certification_status_id as string | null) ?? null,
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
  read: speaksForHolder('requests.read'),
  write: 'requests.write',
  input: certificationInput,
  output: certificationOutput,
  present: presentCertification,
  columns: credentialColumns,
  joins: joinCredentialNames,
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
  // Each of the enterprise, checked before the hook (the status was stored as sent).
  refs: {
    license_id: refTarget('licenses'),
    user_id: refTarget('users'),
    service_id: refTarget('services'),
    vehicle_id: refTarget('vehicles'),
    license_category_level_id: refTarget('license_category_levels'),
    certification_status_id: refTarget('license_category_certification_statuses'),
  },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: certificationValues },
};
