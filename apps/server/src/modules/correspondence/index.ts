import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { correspondenceResource } from './correspondence.resources';
import { correspondenceRoutes } from './correspondence-routes';
import { portalMessageRoutes } from './portal-messages';
import { registerSendJob } from './send-job';

/**
 * Correspondence: letters and emails to people and contact groups, sent as jobs, with history; the
 * portal's Messages list what was sent to the signed-in person.
 */
export async function correspondenceModule(app: FastifyInstance): Promise<void> {
  await registerSendJob(app);
  await correspondenceRoutes(app);
  await portalMessageRoutes(app);
  registerResource(app, correspondenceResource);
}
