import { type PermissionKey, resourceDescription } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../http/errors';
import { enterpriseReference } from '../permissions/policies';
import { describeResource } from './describe';

/** `GET /api/resources/{path}`: how the generic web pages show a resource the caller may list. */
export function registerResourceDescriptions(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/resources/:path', {
    config: { access: enterpriseReference() },
    schema: {
      tags: ['platform'],
      summary: 'Describe a resource for the generic list and edit pages (fields, sort keys, permissions)',
      params: z.object({ path: z.string().trim().min(1).max(100) }),
      response: { 200: resourceDescription },
    },
    handler: async (request) => {
      const resource = app.resources.get(request.params.path.toLowerCase());
      const spec = resource && describeResource(resource);
      if (!spec) throw notFound('resource');
      if (!request.auth?.permissions.has(spec.read as PermissionKey)) throw forbidden();
      return resourceDescription.parse(spec);
    },
  });
}
