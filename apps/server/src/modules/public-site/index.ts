import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { fireDrillRoutes } from './fire-drill-routes';
import { fireDrillResource } from './fire-drills.resources';

/**
 * The public site's own routes (the catalog's `public` module): fire drill reporting without signing in,
 * behind a rate limit and the enterprise's human check; staff read, correct and export the reports.
 * School systems and schools are reference lists (firedrill/schoolsystems, firedrill/schools).
 */
export async function publicSiteModule(app: FastifyInstance): Promise<void> {
  // Registered before the resource so that `export` is not taken for a drill's id.
  await fireDrillRoutes(app);
  registerResource(app, fireDrillResource);
}
