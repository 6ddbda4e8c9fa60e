import type { FastifyInstance } from 'fastify';
import { navCountsRoutes } from './nav-counts-routes';

/** The staff menu's counts of waiting work (GET /api/staff/nav-counts). */
export async function navigationModule(app: FastifyInstance): Promise<void> {
  await navCountsRoutes(app);
}
