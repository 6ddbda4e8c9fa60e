import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { checkoutResource } from './checkout.resources';
import { correctionRoutes } from './correction-routes';
import { inspectionRoutes } from './inspection-routes';
import {
  checklistResource,
  commentResource,
  inspectionResource,
  visitResource,
} from './inspections.resources';
import { offlineRoutes } from './offline-routes';

/**
 * Inspections: visits, inspections, checklists, comments and checkouts on the resource engine (the
 * configuration lists are reference lists, served by the lookups module), and the operations beyond
 * CRUD: scheduling a visit with its inspections, spot checks, submit with the PDF report, batches;
 * and what a service's administrator reads of its inspections, with the corrections staff review.
 */
export async function inspectionsModule(app: FastifyInstance): Promise<void> {
  registerResource(app, visitResource);
  registerResource(app, inspectionResource);
  registerResource(app, checklistResource);
  registerResource(app, commentResource);
  registerResource(app, checkoutResource);
  await inspectionRoutes(app);
  await offlineRoutes(app);
  await correctionRoutes(app);
}
