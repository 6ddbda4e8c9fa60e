import type { LicenseRequestInput } from '@licensure/contracts';
import {
  certifications,
  type Db,
  licenses,
  referenceTables,
  services,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions';

/** The first request status of a licence (by sort order): where a new request starts. */
export async function firstStatus(db: Db | Tx, licenseId: string): Promise<string | null> {
  const s = referenceTables.license_request_statuses;
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.license_id, licenseId), eq(s.active, true)))
    .orderBy(asc(s.sort_order), asc(s.label))
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}

/** Checks the subject of a new request against the licence, and that the caller may speak for it. */
export async function checkSubject(tx: Tx, request: FastifyRequest, input: LicenseRequestInput) {
  const auth = request.auth!;
  const [license] = await tx
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.id, input.license_id),
        eq(licenses.enterprise_id, request.enterpriseId),
        isNull(licenses.deleted_at),
      ),
    );
  if (!license) throw badRequest({ license_id: 'There is no such licence.' });
  if (!license.active) throw badRequest({ license_id: `${license.name} is not open for applications.` });
  const subject = {
    user_id: license.entity === 'user' ? (input.user_id ?? auth.userId) : null,
    service_id: license.entity === 'service' ? (input.service_id ?? null) : null,
    vehicle_id: license.entity === 'vehicle' ? (input.vehicle_id ?? null) : null,
  };
  const field = `${license.entity === 'user' ? 'user' : license.entity}_id`;
  if (!subject.user_id && !subject.service_id && !subject.vehicle_id)
    throw badRequest({ [field]: `${license.name} is issued to a ${license.entity}: choose one.` });
  const table = { user: users, service: services, vehicle: vehicles }[license.entity];
  const id = (subject.user_id ?? subject.service_id ?? subject.vehicle_id) as string;
  const [exists] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.enterprise_id, request.enterpriseId), isNull(table.deleted_at)));
  if (!exists) throw badRequest({ [field]: `There is no such ${license.entity}.` });
  if (!auth.permissions.has('requests.write') && !(await speaksFor(tx, auth, request.enterpriseId, subject)))
    throw forbidden();
  if (input.renews_certification_id) {
    const [cert] = await tx
      .select()
      .from(certifications)
      .where(
        and(
          eq(certifications.id, input.renews_certification_id),
          eq(certifications.enterprise_id, request.enterpriseId),
          isNull(certifications.deleted_at),
        ),
      );
    const holds =
      cert &&
      cert.license_id === license.id &&
      cert.user_id === subject.user_id &&
      cert.service_id === subject.service_id &&
      cert.vehicle_id === subject.vehicle_id;
    if (!holds)
      throw badRequest({
        renews_certification_id: 'That credential is not one of this licence held by the applicant.',
      });
  }
  return { license, subject };
}
