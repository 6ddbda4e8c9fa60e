import { navCounts } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { self } from '../../platform/permissions/policies';
import { allowedCounts, navCountsFor } from './nav-counts';

/**
 * Waiting work beside the staff menu's links. Anyone signed in may ask; each count is given only to a
 * caller holding the permission that opens its list (navCountCatalog), so a portal user or a staff member
 * without those permissions gets {}.
 */
export async function navCountsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/staff/nav-counts', {
    config: { access: self() },
    schema: {
      tags: ['navigation'],
      summary: "Counts of waiting work for the staff menu, only those the caller's permissions open",
      response: { 200: navCounts },
    },
    handler: async (request, reply) => {
      const keys = request.auth ? allowedCounts(request.auth.permissions) : [];
      reply.header('cache-control', 'private, no-store');
      return navCountsFor(db, request.enterpriseId, keys);
    },
  });
}
