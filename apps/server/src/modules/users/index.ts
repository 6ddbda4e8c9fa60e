import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['users'];

/** The users module; the registry issue adds people, search and security administration here. */
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
}
