import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { self } from '../../platform/permissions/policies';
import { registerResource } from '../../platform/resources/register';
import { accountRoutes } from './account-routes';
import { emailRoutes } from './email-routes';
import { passwordRoutes } from './password-routes';
import { peopleResource } from './people.resources';
import { peopleRoutes } from './people-routes';
import { personRecordsRoutes } from './person-records-routes';
import { registrationRoutes } from './registration-routes';
import { registryIntegrationRoute } from './registry-integration-route';
import { searchRoutes } from './search-routes';
import { securityGroupResource, securityTemplateResource } from './security.resources';
import { templateHolderRoutes } from './template-holders-routes';

const tags = ['users'];

/**
 * The users module: people, their searches, passwords, security templates and groups.
 * `users/query` (people matching licence rules) is served by the licensing module with the rules.
 */
export async function usersModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/userPermissions', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'The permission keys the signed-in user holds through security templates',
      response: { 200: z.array(z.string()) },
    },
    handler: async (request) => [...request.auth!.permissions].sort(),
  });

  registerResource(app, peopleResource);
  await peopleRoutes(app);
  await personRecordsRoutes(app);
  await searchRoutes(app);
  await emailRoutes(app);
  await passwordRoutes(app);
  await accountRoutes(app);
  await registrationRoutes(app);
  registerResource(app, securityTemplateResource);
  await templateHolderRoutes(app);
  registerResource(app, securityGroupResource);
  await registryIntegrationRoute(app);
}
