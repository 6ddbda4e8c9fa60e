import { referenceLists } from '@licensure/contracts';
import { referenceTables } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import { fromFieldSpec } from '../../platform/resources/from-field-spec';
import { registerResource } from '../../platform/resources/register';
import type { ResourceHooks } from '../../platform/resources/types';
import { cmsPageHooks } from '../cms/cms-page-hooks';
import { requestApplicationTypeHooks } from '../licensing/request-parts-routes';
import { geographyRoutes } from './geography-routes';
import { lookupRoutes } from './lookup-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hooks: Record<string, ResourceHooks> = {
  cms_pages: cmsPageHooks,
  license_request_application_types: requestApplicationTypeHooks,
  // The spec: a training location's ids are cleared when they are not valid GUIDs.
  training_locations: {
    normalize(input) {
      for (const key of ['region_id']) {
        if (key in input && (typeof input[key] !== 'string' || !UUID.test(input[key] as string)))
          input[key] = null;
      }
    },
  },
};

export async function lookupsModule(app: FastifyInstance): Promise<void> {
  for (const spec of referenceLists)
    registerResource(app, fromFieldSpec(spec, referenceTables[spec.key], hooks[spec.key]));
  await lookupRoutes(app);
  await geographyRoutes(app);
}
