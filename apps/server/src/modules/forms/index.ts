import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { conditionsRoutes } from './conditions-routes';
import { formSettingsRoutes } from './form-settings-routes';
import { formListResource } from './forms.resources';
import { formsRoutes } from './forms-routes';
import { packageResource } from './packages.resources';
import { questionsRoutes } from './questions-routes';

/**
 * The form builder's definitions: forms and their trees, questions, conditions, packages, applicant
 * access, the responses view. Form types, question types, elements and position permissions are
 * reference lists served by the lookups module.
 */
export async function formsModule(app: FastifyInstance): Promise<void> {
  registerResource(app, formListResource);
  await formsRoutes(app);
  await formSettingsRoutes(app);
  await questionsRoutes(app);
  await conditionsRoutes(app);
  registerResource(app, packageResource);
}
