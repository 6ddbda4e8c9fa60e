import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { processResource, processStatusResource } from './process.resources';

/** The process type of application review processes (the spec's fixed application process type). */
export const applicationProcessType = 'application';

/** Review processes (Process) and their statuses (processstatuses). */
export async function processRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, processResource);
  registerResource(app, processStatusResource);
}
