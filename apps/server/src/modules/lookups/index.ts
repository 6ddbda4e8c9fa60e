import { referenceLists } from '@licensure/contracts';
import { referenceTables } from '@licensure/db';
import type { FastifyInstance } from 'fastify';
import { type ResourceHooks, registerResource } from '../../platform/resources/register-resource';
import { formPositionPermissionHooks } from '../forms/position-permission-hooks';
import { requestApplicationTypeHooks } from '../licensing/request-parts-routes';
import { geographyRoutes } from './geography-routes';
import { lookupRoutes } from './lookup-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hooks: Record<string, ResourceHooks> = {
  fb_form_position_permissions: formPositionPermissionHooks,
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
  const { db } = app.deps.database;
  for (const spec of referenceLists) {
    registerResource(app, db, spec, referenceTables[spec.key], hooks[spec.key]);
  }
  await lookupRoutes(app);
  await geographyRoutes(app);
}
