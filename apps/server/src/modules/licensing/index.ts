import type { FastifyInstance } from 'fastify';
import { assignmentRoutes } from './assignment-routes';
import { certificationRoutes } from './certification-routes';
import { credentialSigningRoutes } from './credential-signing/credential-signing-routes';
import { decisionRoutes } from './decision-routes';
import { licenseRoutes } from './license-routes';
import { processRoutes } from './process-routes';
import { queueExportRoutes } from './queue-export-routes';
import { registerRequestCounters } from './request-counts';
import { requestListRoutes } from './request-list-routes';
import { requestPartsRoutes } from './request-parts-routes';
import { requestRoutes } from './request-routes';
import { reviewRoutes } from './review-routes';
import { ruleRoutes } from './rule-routes';

/**
 * Licensing: licence rules and users/query so far. The configuration resources (categories,
 * levels, charges, statuses, processes per licence) are declarative and served by the lookups
 * module's loop over `referenceLists`.
 */
export async function licensingModule(app: FastifyInstance): Promise<void> {
  await ruleRoutes(app);
  await licenseRoutes(app);
  await processRoutes(app);
  await requestRoutes(app);
  await requestListRoutes(app);
  await reviewRoutes(app);
  await decisionRoutes(app);
  await assignmentRoutes(app);
  await queueExportRoutes(app);
  registerRequestCounters();
  await certificationRoutes(app);
  await credentialSigningRoutes(app);
  await requestPartsRoutes(app);
}
