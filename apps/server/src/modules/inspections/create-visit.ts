import type { VisitCreateBody } from '@licensure/contracts';
import type { FastifyRequest } from 'fastify';
import type { createWriter } from '../../platform/resources/write';
import type { InspectionPlan } from './plan-inspections';

type Writer = ReturnType<typeof createWriter>;

/**
 * POST IPVisits `{visit, inspections, inspectors, service_template, vehicle_template}`: the visit and,
 * in the same transaction, its inspections (see visitAfterChange). The top-level inspectors and
 * templates win over those inside the visit.
 */
export function createVisit(writer: Writer, request: FastifyRequest, body: VisitCreateBody) {
  const serviceTemplateId = body.service_template ?? body.visit.service_template_id ?? null;
  const vehicleTemplateId = body.vehicle_template ?? body.visit.vehicle_template_id ?? null;
  const plan: InspectionPlan = {
    service: body.inspections?.service ?? !!serviceTemplateId,
    vehicleIds: body.inspections?.vehicle_ids ?? [],
    serviceTemplateId,
    vehicleTemplateId,
  };
  return writer.create(request, {
    ...body.visit,
    inspector_ids: body.inspectors ?? body.visit.inspector_ids ?? [],
    service_template_id: serviceTemplateId,
    vehicle_template_id: vehicleTemplateId,
    plan,
  });
}
