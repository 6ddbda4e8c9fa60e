import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { consumeEvents } from './consume-events';
import { registerExpiringEvents } from './expiring-events';
import { linkRoutes } from './link-routes';
import { registerFiringWorker } from './run-firing';
import { triggerRoutes } from './trigger-routes';
import {
  tgTriggerConfigurationResource,
  tgTriggerResource,
  triggerConfigurationResource,
  triggerResource,
} from './triggers.resources';

/** Triggers: configurations of actions on events, fired by the outbox's events or by hand, run as jobs. */
export async function triggersModule(app: FastifyInstance): Promise<void> {
  await triggerRoutes(app);
  await linkRoutes(app);
  registerResource(app, triggerConfigurationResource);
  registerResource(app, tgTriggerConfigurationResource);
  registerResource(app, triggerResource);
  registerResource(app, tgTriggerResource);
  consumeEvents(app);
  await registerFiringWorker(app);
  await registerExpiringEvents(app);
}
