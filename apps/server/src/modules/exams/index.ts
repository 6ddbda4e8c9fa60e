import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { examRoutes } from './exam-routes';
import { packetResource, passingRequirementResource } from './packets.resources';
import { sessionDocumentRoutes } from './session-document-routes';
import { sessionRoutes } from './session-routes';
import { sessionResource } from './sessions.resources';
import { examFormResource, skillResource } from './skills.resources';
import { staffResources } from './staff.resources';

/**
 * Exams: skills, exam forms, packets and their passing requirement groups, sessions, and the
 * coordinator and examiner rosters on the resource engine (the exam lists are reference lists, served
 * by the lookups module); copies, registration up to a session's seats, scoring with the pass/fail
 * rule, summaries and the portal candidate's view as operations of their own.
 */
export async function examsModule(app: FastifyInstance): Promise<void> {
  registerResource(app, skillResource);
  registerResource(app, examFormResource);
  registerResource(app, packetResource);
  registerResource(app, passingRequirementResource);
  registerResource(app, sessionResource);
  for (const resource of staffResources) registerResource(app, resource);
  await examRoutes(app);
  await sessionRoutes(app);
  await sessionDocumentRoutes(app);
}
