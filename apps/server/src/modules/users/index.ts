import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailRoutes } from './email-routes';
import { passwordRoutes } from './password-routes';
import { peopleRoutes } from './people-routes';
import { personRecordsRoutes } from './person-records-routes';
import { registryIntegrationRoute } from './registry-integration-route';
import { searchRoutes } from './search-routes';
import { securityGroupRoutes } from './security-groups-routes';
import { securityTemplateRoutes } from './security-templates-routes';
import { templateHolderRoutes } from './template-holders-routes';

const tags = ['users'];

/**
 * The users module: people, their searches, passwords, security templates and groups.
 * `users/query` (people matching licence rules) is served by the licensing module with the rules.
 */
export async function usersModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/userPermissions', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'The permission keys the signed-in user holds through security templates',
      response: { 200: z.array(z.string()) },
    },
    handler: async (request) => [...request.auth!.permissions].sort(),
  });

  await peopleRoutes(app);
  await personRecordsRoutes(app);
  await searchRoutes(app);
  await emailRoutes(app);
  await passwordRoutes(app);
  await securityTemplateRoutes(app);
  await templateHolderRoutes(app);
  await securityGroupRoutes(app);
  await registryIntegrationRoute(app);
}
