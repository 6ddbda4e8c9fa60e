import type { FastifyInstance } from 'fastify';
import { rosterAndPlaces } from './roster-and-places';
import { serviceExpiring } from './service-expiring';
import { serviceSearch } from './service-search';
import { servicesCrud } from './services-crud';
import { servicesQueries } from './services-queries';
import { vehiclesCrud } from './vehicles-crud';
import { vehiclesQueries } from './vehicles-queries';

/** Services, stations, areas, personnel and vehicles (the registry module of the catalog). */
export async function registryModule(app: FastifyInstance): Promise<void> {
  await servicesCrud(app);
  await servicesQueries(app);
  await serviceSearch(app);
  await serviceExpiring(app);
  await rosterAndPlaces(app);
  await vehiclesCrud(app);
  await vehiclesQueries(app);
}
