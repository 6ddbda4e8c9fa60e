import { referenceLists } from '@licensure/contracts';
import { referenceTables } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import { fromFieldSpec } from '../../platform/resources/from-field-spec';
import { registerResource } from '../../platform/resources/register';
import type { ResourceHooks } from '../../platform/resources/types';
import { cmsPageHooks } from '../cms/cms-page-hooks';
import { geographyRoutes } from './geography-routes';
import { lookupRoutes } from './lookup-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hooks of lists whose rules belong to another module, handed over at registration (modules/index.ts). */
export type LookupHooks = Record<string, ResourceHooks>;

const hooks: LookupHooks = {
  cms_pages: cmsPageHooks,
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

/**
 * The reference lists. A list whose rules another module owns (a request's application types: licensing)
 * gets its hooks from `given`, so lookups, which licensing and complaints import (autonumbers), imports
 * none of them back.
 */
export async function lookupsModule(app: FastifyInstance, given: LookupHooks): Promise<void> {
  for (const spec of referenceLists)
    registerResource(app, fromFieldSpec(spec, referenceTables[spec.key], given[spec.key] ?? hooks[spec.key]));
  await lookupRoutes(app);
  await geographyRoutes(app);
}
