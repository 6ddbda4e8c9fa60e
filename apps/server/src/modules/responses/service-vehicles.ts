// POST fbresponses/GetServiceApplicationVehicles: the vehicles inside service licence applications.
import type { ServiceApplicationVehicle } from '@licensure/contracts';
import { type Db, licenseRequests, vehicles } from '@licensure/db';
import { aliasedTable, and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

/**
 * For each service request, its vehicle requests (parent_request_id) with their vehicles. Every id
 * must be a live service request of the enterprise (404 otherwise).
 */
export async function serviceApplicationVehicles(
  db: Db,
  enterpriseId: string,
  requestIds: readonly string[],
): Promise<ServiceApplicationVehicle[]> {
  const ids = [...new Set(requestIds)];
  const parents = await db
    .select({ id: licenseRequests.id })
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.enterprise_id, enterpriseId),
        inArray(licenseRequests.id, ids),
        isNotNull(licenseRequests.service_id),
        isNull(licenseRequests.deleted_at),
      ),
    );
  if (parents.length !== ids.length) throw notFound('service licence request');
  const child = aliasedTable(licenseRequests, 'vehicle_request');
  const rows = await db
    .select({
      id: vehicles.id,
      unit_number: vehicles.unit_number,
      serial_number: vehicles.serial_number,
      make: vehicles.make,
      model: vehicles.model,
      model_year: vehicles.model_year,
      request_id: child.id,
      parent_request_id: child.parent_request_id,
      progress: child.progress,
    })
    .from(child)
    .innerJoin(vehicles, and(eq(vehicles.id, child.vehicle_id), isNull(vehicles.deleted_at)))
    .where(
      and(
        eq(child.enterprise_id, enterpriseId),
        inArray(child.parent_request_id, ids),
        isNull(child.deleted_at),
      ),
    )
    .orderBy(
      asc(child.parent_request_id),
      asc(vehicles.unit_number),
      asc(vehicles.serial_number),
      asc(child.id),
    );
  return rows.map((r) => ({ ...r, parent_request_id: r.parent_request_id as string }));
}
