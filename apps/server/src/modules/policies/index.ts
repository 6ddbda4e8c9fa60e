import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { policyResource } from './policies.resources';
import { policyRoutes } from './policy-routes';

/** Policies and protocols: CRUD on the engine, acknowledgements, documents and the public listing. */
export async function policiesModule(app: FastifyInstance): Promise<void> {
  registerResource(app, policyResource);
  await policyRoutes(app);
}
