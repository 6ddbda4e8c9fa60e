import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { rosterAndPlaces } from './roster-and-places';
import { serviceExpiring } from './service-expiring';
import { serviceSearch } from './service-search';
import { serviceResource } from './services.resources';
import { servicesQueries } from './services-queries';
import { vehicleResource } from './vehicles.resources';
import { vehiclesQueries } from './vehicles-queries';

/** Services, stations, areas, personnel and vehicles (the registry module of the catalog). */
export async function registryModule(app: FastifyInstance): Promise<void> {
  await servicesQueries(app);
  await serviceSearch(app);
  await serviceExpiring(app);
  await rosterAndPlaces(app);
  registerResource(app, serviceResource);
  registerResource(app, vehicleResource);
  await vehiclesQueries(app);
}
