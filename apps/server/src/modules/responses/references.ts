// Checks of what a new response is about: the person, service, vehicle and licence request it names.
import type { ResponseInput } from '@licensure/contracts';
import { licenseRequests, services, serviceVehicles, type Tx, users, vehicles } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { badRequest, forbidden } from '../../platform/http/errors';
import { speaksFor } from '../../platform/permissions';
import { currentLink } from '../registry/common';
import { positionGrant, type ResponseForm } from './access';

export interface Subject {
  user_id: string | null;
  service_id: string | null;
  vehicle_id: string | null;
  license_request_id: string | null;
}

async function exists(found: Promise<unknown[]>): Promise<boolean> {
  return (await found).length > 0;
}

/** The licence request, if it is one of the enterprise's live requests. */
export async function loadLicenseRequest(tx: Tx, enterpriseId: string, requestId: string) {
  const [request] = await tx
    .select()
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.id, requestId),
        eq(licenseRequests.enterprise_id, enterpriseId),
        isNull(licenseRequests.deleted_at),
      ),
    );
  return request ?? null;
}

/**
 * Whom a new response is for. Staff with responses.write may name anyone of the enterprise (400 when
 * a record does not exist). Anyone else answers for themself: a service, vehicle or request only
 * where a position granted on the form lets them edit that service's responses, or the request is
 * their own (403 otherwise). The form itself must be open to applicants unless a position grants it.
 */
export async function checkSubject(
  tx: Tx,
  auth: AuthContext,
  enterpriseId: string,
  form: ResponseForm,
  input: Pick<ResponseInput, 'user_id' | 'service_id' | 'vehicle_id' | 'license_request_id'>,
  staffEdit: boolean,
): Promise<Subject> {
  const subject: Subject = {
    user_id: input.user_id ?? null,
    service_id: input.service_id ?? null,
    vehicle_id: input.vehicle_id ?? null,
    license_request_id: input.license_request_id ?? null,
  };
  if (!staffEdit) {
    if (subject.user_id && subject.user_id !== auth.userId) throw forbidden();
    subject.user_id = auth.userId;
  }
  const problems: Record<string, string> = {};
  if (
    subject.user_id &&
    !(await exists(
      tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.id, subject.user_id), eq(users.enterprise_id, enterpriseId), isNull(users.deleted_at)),
        ),
    ))
  )
    problems.user_id = 'There is no such person.';
  if (
    subject.service_id &&
    !(await exists(
      tx
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.id, subject.service_id),
            eq(services.enterprise_id, enterpriseId),
            isNull(services.deleted_at),
          ),
        ),
    ))
  )
    problems.service_id = 'There is no such service.';
  if (
    subject.vehicle_id &&
    !(await exists(
      tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(
          and(
            eq(vehicles.id, subject.vehicle_id),
            eq(vehicles.enterprise_id, enterpriseId),
            isNull(vehicles.deleted_at),
          ),
        ),
    ))
  )
    problems.vehicle_id = 'There is no such vehicle.';
  const request = subject.license_request_id
    ? await loadLicenseRequest(tx, enterpriseId, subject.license_request_id)
    : null;
  if (subject.license_request_id && !request)
    problems.license_request_id = 'There is no such licence request.';
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  if (staffEdit) return subject;

  const openToApplicants = form.active && form.applicant_access === 'edit';
  // A licence request's forms are answered by whoever speaks for its subject: the person, an
  // administrator of the service, or of the service the vehicle belongs to.
  if (request && openToApplicants && (await speaksFor(tx, auth, enterpriseId, request))) return subject;

  const grant = subject.service_id
    ? await positionGrant(tx, enterpriseId, auth.userId, subject.service_id, form.id)
    : { view: false, edit: false };
  if (!openToApplicants && !grant.edit) throw forbidden();
  if (subject.service_id && !grant.edit) throw forbidden();
  if (subject.vehicle_id) {
    const inService =
      subject.service_id !== null &&
      (await exists(
        tx
          .select({ id: serviceVehicles.vehicle_id })
          .from(serviceVehicles)
          .where(
            and(
              eq(serviceVehicles.service_id, subject.service_id),
              eq(serviceVehicles.vehicle_id, subject.vehicle_id),
              currentLink,
            ),
          ),
      ));
    if (!inService) throw forbidden();
  }
  if (
    request &&
    request.user_id !== auth.userId &&
    !(request.service_id && request.service_id === subject.service_id)
  )
    throw forbidden();
  return subject;
}
