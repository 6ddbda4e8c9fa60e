import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { mergeRoutes } from './merge-routes';
import { mergeTemplateResource } from './merge-templates.resources';

/** Merge templates: CRUD, merge objects, fields and contact groups by code, previews and PDF letters. */
export async function mergeModule(app: FastifyInstance): Promise<void> {
  await mergeRoutes(app);
  registerResource(app, mergeTemplateResource);
}
