import type { FastifyInstance } from 'fastify';
import { queryRoutes } from './query-routes';

/**
 * Saved queries and reports: staff build queries over a whitelisted field catalogue (people, services,
 * vehicles, credentials, complaints, inspections, course attendance), compiled to parameterised SQL
 * by the licence rule compiler, save and share them with security groups, run them a page at a time,
 * chart one column and export every row as CSV or XLSX.
 */
export async function queriesModule(app: FastifyInstance): Promise<void> {
  await queryRoutes(app);
}
