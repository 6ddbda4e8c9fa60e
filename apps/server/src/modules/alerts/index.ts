import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { alertRoutes } from './alert-routes';
import { alertResource } from './alerts.resources';

/** Alerts on people, services and vehicles: CRUD, a holder's alerts, the dashboard and the badge count. */
export async function alertsModule(app: FastifyInstance): Promise<void> {
  await alertRoutes(app);
  registerResource(app, alertResource);
}
