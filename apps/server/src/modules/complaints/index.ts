import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { screeningRoutes } from './attachment-screening';
import { complaintRoutes } from './complaint-routes';
import {
  activityHistoryResource,
  activityResource,
  complaintResource,
  investigationResource,
  monitoringResource,
} from './complaints.resources';

/**
 * Complaints and investigations: CRUD on the engine, activity tracking, monitoring, the investigation
 * file, public intake and discipline. Every read of one complaint or investigation is logged before it
 * is answered (the resources' `afterRead` hooks).
 */
export async function complaintsModule(app: FastifyInstance): Promise<void> {
  registerResource(app, complaintResource);
  registerResource(app, investigationResource);
  registerResource(app, activityResource);
  registerResource(app, activityHistoryResource);
  registerResource(app, monitoringResource);
  await complaintRoutes(app);
  await screeningRoutes(app);
}
