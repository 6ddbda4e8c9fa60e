import {
  certifications,
  complaints,
  type Db,
  documents,
  fbResponses,
  licenseRequests,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';

/** What a trigger's object is about: the person, service or vehicle, and the request or credential. */
export interface TriggerSubject {
  entity: string;
  objectId: string;
  userId: string | null;
  serviceId: string | null;
  vehicleId: string | null;
  licenseRequestId: string | null;
  certificationId: string | null;
}

/** Entities a trigger can fire on, with the table that holds their objects. */
export const triggerEntities = [
  'license_requests',
  'certifications',
  'fb_responses',
  'documents',
  'users',
  'complaints',
] as const;

/** Why a firing has no subject: its entity is not one triggers act on, or its record is gone. */
export const missingSubject = (entity: string): string =>
  (triggerEntities as readonly string[]).includes(entity)
    ? 'The object no longer exists.'
    : `Triggers cannot act on records of ${entity}.`;

/** Loads the object a trigger fires on; null when it is not a live record of this enterprise. */
export async function loadSubject(
  db: Db | Tx,
  enterpriseId: string,
  entity: string,
  objectId: string,
): Promise<TriggerSubject | null> {
  const base = {
    entity,
    objectId,
    userId: null,
    serviceId: null,
    vehicleId: null,
    licenseRequestId: null,
    certificationId: null,
  };
  switch (entity) {
    case 'license_requests': {
      const [r] = await db
        .select()
        .from(licenseRequests)
        .where(and(eq(licenseRequests.id, objectId), eq(licenseRequests.enterprise_id, enterpriseId)));
      if (!r || r.deleted_at) return null;
      return {
        ...base,
        userId: r.user_id,
        serviceId: r.service_id,
        vehicleId: r.vehicle_id,
        licenseRequestId: r.id,
      };
    }
    case 'certifications': {
      const [c] = await db
        .select()
        .from(certifications)
        .where(and(eq(certifications.id, objectId), eq(certifications.enterprise_id, enterpriseId)));
      if (!c || c.deleted_at) return null;
      return {
        ...base,
        userId: c.user_id,
        serviceId: c.service_id,
        vehicleId: c.vehicle_id,
        licenseRequestId: c.license_request_id,
        certificationId: c.id,
      };
    }
    case 'fb_responses': {
      const [r] = await db
        .select()
        .from(fbResponses)
        .where(and(eq(fbResponses.id, objectId), eq(fbResponses.enterprise_id, enterpriseId)));
      if (!r) return null;
      return {
        ...base,
        userId: r.user_id,
        serviceId: r.service_id,
        vehicleId: r.vehicle_id,
        licenseRequestId: r.license_request_id,
      };
    }
    case 'documents': {
      const [d] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, objectId), eq(documents.enterprise_id, enterpriseId)));
      if (!d || d.deleted_at) return null;
      return { ...base, userId: d.user_id, serviceId: d.service_id };
    }
    case 'users': {
      const [u] = await db
        .select({ id: users.id, deleted_at: users.deleted_at })
        .from(users)
        .where(and(eq(users.id, objectId), eq(users.enterprise_id, enterpriseId)));
      if (!u || u.deleted_at) return null;
      return { ...base, userId: u.id };
    }
    case 'complaints': {
      // A complaint's person is its complainant (when they filed it signed in): automation writes to
      // them. The person complained about is never told of a complaint by a trigger.
      const [c] = await db
        .select({ complainant: complaints.complainant_user_id, deleted_at: complaints.deleted_at })
        .from(complaints)
        .where(and(eq(complaints.id, objectId), eq(complaints.enterprise_id, enterpriseId)));
      if (!c || c.deleted_at) return null;
      return { ...base, userId: c.complainant };
    }
    default:
      return null;
  }
}
