import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { ceAuditRoutes } from './ce-audit-routes';
import { attendeeResource, levelResource, trainingResource } from './courses.resources';
import { educationRoutes } from './education-routes';
import {
  longevityCreditResource,
  longevityResource,
  serviceUserTrainingResource,
} from './service-users.resources';

/**
 * Education (issue 17): levels and their CE requirements, courses, attendees, progress toward renewal,
 * longevity and its credits, training reimbursements and CE audits.
 */
export async function educationModule(app: FastifyInstance): Promise<void> {
  await educationRoutes(app);
  await ceAuditRoutes(app);
  for (const resource of [
    levelResource,
    trainingResource,
    attendeeResource,
    longevityResource,
    longevityCreditResource,
    serviceUserTrainingResource,
  ])
    registerResource(app, resource);
}
