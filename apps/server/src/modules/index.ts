import type { FastifyInstance } from 'fastify';
import { accountModule } from './account';
import { cliniciansModule } from './clinicians';
import { documentsModule } from './documents';
import { enterpriseModule } from './enterprise';
import { formsModule } from './forms';
import { licensingModule } from './licensing';
import { loggingModule } from './logging';
import { lookupsModule } from './lookups';
import { registryModule } from './registry';
import { responsesModule } from './responses';
import { sessionModule } from './session';
import { usersModule } from './users';

/** Every domain module, each registering its own routes. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await sessionModule(app);
  await accountModule(app);
  await enterpriseModule(app);
  await lookupsModule(app);
  await loggingModule(app);
  await usersModule(app);
  await registryModule(app);
  await cliniciansModule(app);
  await documentsModule(app);
  await formsModule(app);
  await responsesModule(app);
  await licensingModule(app);
}
