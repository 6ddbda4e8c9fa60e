import { investigations } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { logComplaintAccess } from './access-log';
import { screeningRoutes } from './attachment-screening';
import { complaintRoutes } from './complaint-routes';
import {
  activityHistoryResource,
  activityResource,
  complaintResource,
  investigationResource,
  monitoringResource,
} from './complaints.resources';

/** Writes the read of one complaint or investigation to the complaint access log. */
async function logRead(app: FastifyInstance, request: FastifyRequest, investigation: boolean) {
  const { db } = app.deps.database;
  const id = (request.params as { id: string }).id;
  if (!investigation) return logComplaintAccess(db, request, id, 'read');
  const [inv] = await db
    .select({ complaint_id: investigations.complaint_id })
    .from(investigations)
    .where(eq(investigations.id, id));
  if (inv) await logComplaintAccess(db, request, inv.complaint_id, 'read-investigation', id);
}

const readOne: Record<string, boolean> = {
  '/api/Complaints/:id': false,
  '/api/InvestigationsModule/Investigation/:id': true,
};

/**
 * Complaints and investigations: CRUD on the engine, activity tracking, monitoring, the investigation
 * file, public intake and discipline. Every read of one complaint or investigation is logged before it
 * is answered.
 */
export async function complaintsModule(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      const investigation = readOne[request.routeOptions.url ?? ''];
      if (request.method === 'GET' && reply.statusCode === 200 && investigation !== undefined)
        await logRead(app, request, investigation);
      return payload;
    });
    registerResource(scope, complaintResource);
    registerResource(scope, investigationResource);
  });
  registerResource(app, activityResource);
  registerResource(app, activityHistoryResource);
  registerResource(app, monitoringResource);
  await complaintRoutes(app);
  await screeningRoutes(app);
}
