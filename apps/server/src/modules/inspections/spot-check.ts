import type { spotCheckBody } from '@licensure/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { createWriter } from '../../platform/resources/write';
import { loadTemplate } from './inspection-values';

type Writer = ReturnType<typeof createWriter>;

/**
 * IPVisits/spotCheckInspection: an unannounced inspection. It is recorded as a visit of its own (today
 * unless a date is given), marked spot check, by the inspector who makes it, holding the one inspection
 * of the service or of the named vehicle with the given template.
 */
export async function spotCheck(
  writer: Writer,
  request: FastifyRequest,
  body: z.infer<typeof spotCheckBody>,
) {
  const v = body.visit;
  const template = await loadTemplate(
    request.server.deps.database.db,
    request.enterpriseId,
    v.ip_template_id,
  );
  const vehicle = template?.entity === 'vehicle' || !!v.vehicle_id;
  if (template?.entity === 'vehicle' && !v.vehicle_id)
    throw badRequest({ vehicle_id: 'A spot check with a vehicle template names the vehicle.' });
  return writer.create(request, {
    service_id: v.service_id,
    inspection_date_time: v.inspection_date_time ?? new Date().toISOString().slice(0, 10),
    status: 'in_progress',
    spot_check: true,
    notes: v.notes ?? null,
    inspector_ids: request.auth ? [request.auth.userId] : [],
    ...(vehicle ? { vehicle_template_id: v.ip_template_id } : { service_template_id: v.ip_template_id }),
    plan: {
      service: !vehicle,
      vehicleIds: vehicle && v.vehicle_id ? [v.vehicle_id] : [],
      serviceTemplateId: vehicle ? null : v.ip_template_id,
      vehicleTemplateId: vehicle ? v.ip_template_id : null,
      spotCheck: true,
    },
  });
}
