import { type Db, ipInspections, ipVisits, services } from '@licensure/db';
import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Row } from '../../platform/resources/types';
import { expandInspections } from './inspection-values';
import { inspectionResource, presentInspection } from './inspections.resources';

/** IPVisits/getlist: every live visit in short form (date, service, status), newest first, for pickers. */
export async function visitPickList(db: Db, request: FastifyRequest, serviceId?: string) {
  const rows = await db
    .select({
      id: ipVisits.id,
      inspection_date: ipVisits.inspection_date,
      inspection_time: ipVisits.inspection_time,
      status: ipVisits.status,
      service_id: ipVisits.service_id,
      service_name: services.name,
    })
    .from(ipVisits)
    .leftJoin(services, eq(services.id, ipVisits.service_id))
    .where(
      and(
        eq(ipVisits.enterprise_id, request.enterpriseId),
        isNull(ipVisits.deleted_at),
        serviceId ? eq(ipVisits.service_id, serviceId) : undefined,
      ),
    )
    .orderBy(desc(ipVisits.inspection_date), asc(ipVisits.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, service_name: r.service_name ?? null }));
}

/** IPVisits/getyears: the years that have visits, and this year, newest first (cached offline). */
export async function visitYears(db: Db, request: FastifyRequest): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${ipVisits.inspection_date})::int` })
    .from(ipVisits)
    .where(and(eq(ipVisits.enterprise_id, request.enterpriseId), isNull(ipVisits.deleted_at)));
  const years = new Set(rows.map((r) => Number(r.year)));
  years.add(new Date().getUTCFullYear());
  return [...years].sort((a, b) => b - a);
}

/** IPInspectionsVisitID: the live inspections of one visit, with their deficiencies and fees. */
export async function inspectionsOfVisit(db: Db, request: FastifyRequest, visitId: string) {
  const rows = (await inspectionResource.joins!(
    db
      .select({ ...getTableColumns(ipInspections), ...inspectionResource.columns })
      .from(ipInspections)
      .$dynamic(),
  )
    .where(
      and(
        eq(ipInspections.visit_id, visitId),
        eq(ipInspections.enterprise_id, request.enterpriseId),
        isNull(ipInspections.deleted_at),
      ),
    )
    .orderBy(asc(ipInspections.entity), asc(ipInspections.number))) as Row[];
  return rows.length ? (await expandInspections(rows, db)).map(presentInspection) : [];
}
