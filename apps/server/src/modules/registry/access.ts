import type { Db } from '@licensure/db';
import { servicePersonnel, services, serviceVehicles } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors';
import { currentLink } from './common';

/**
 * Reading one service (or its vehicles): staff need registry.read; a portal user may read a service
 * they administer (service_personnel.is_administrator). Anyone else gets 403.
 */
export async function assertCanReadService(db: Db, request: FastifyRequest, serviceId: string) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  if (auth.permissions.has('registry.read')) return;
  if (!auth.isPortal) throw forbidden();
  const [row] = await db
    .select({ id: servicePersonnel.id })
    .from(servicePersonnel)
    .where(
      and(
        eq(servicePersonnel.service_id, serviceId),
        eq(servicePersonnel.user_id, auth.userId),
        eq(servicePersonnel.enterprise_id, request.enterpriseId),
        eq(servicePersonnel.is_administrator, true),
      ),
    )
    .limit(1);
  if (!row) throw forbidden();
}

/** A vehicle is readable by a portal user who administers a service it belongs to. */
export async function assertCanReadVehicle(db: Db, request: FastifyRequest, vehicleId: string) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  if (auth.permissions.has('registry.read')) return;
  if (!auth.isPortal) throw forbidden();
  const [row] = await db
    .select({ id: servicePersonnel.id })
    .from(serviceVehicles)
    .innerJoin(services, and(eq(services.id, serviceVehicles.service_id), isNull(services.deleted_at)))
    .innerJoin(servicePersonnel, eq(servicePersonnel.service_id, serviceVehicles.service_id))
    .where(
      and(
        eq(serviceVehicles.vehicle_id, vehicleId),
        currentLink,
        eq(servicePersonnel.user_id, auth.userId),
        eq(servicePersonnel.enterprise_id, request.enterpriseId),
        eq(servicePersonnel.is_administrator, true),
      ),
    )
    .limit(1);
  if (!row) throw forbidden();
}
