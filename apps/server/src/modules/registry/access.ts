import type { Db } from '@licensure/db';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors';
import { administers, currentServiceOfVehicle } from '../../platform/permissions';

/**
 * Reading one service (or its vehicles): staff need registry.read; a portal user may read a service
 * they administer. Anyone else gets 403.
 */
export async function assertCanReadService(db: Db, request: FastifyRequest, serviceId: string) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  if (auth.permissions.has('registry.read')) return;
  if (!auth.isPortal || !(await administers(db, request.enterpriseId, auth.userId, serviceId)))
    throw forbidden();
}

/** A vehicle is readable by a portal user who administers the service it belongs to today. */
export async function assertCanReadVehicle(db: Db, request: FastifyRequest, vehicleId: string) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  if (auth.permissions.has('registry.read')) return;
  if (!auth.isPortal) throw forbidden();
  const service = await currentServiceOfVehicle(db, vehicleId);
  if (!service || !(await administers(db, request.enterpriseId, auth.userId, service))) throw forbidden();
}
