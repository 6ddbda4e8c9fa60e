import type { FastifyInstance } from 'fastify';

/** Services, stations, areas, personnel and vehicles (the registry module of the catalog). */
export async function registryModule(_app: FastifyInstance): Promise<void> {}
