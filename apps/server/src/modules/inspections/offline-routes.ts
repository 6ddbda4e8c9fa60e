import { visitOfflineBundle, visitSyncAnswer, visitSyncBody } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../platform/resources/register';
import { createWriter } from '../../platform/resources/write';
import {
  checklistResource,
  commentResource,
  inspectionResource,
  visitResource,
} from './inspections.resources';
import { visitOfflineBundle as loadBundle } from './visit-offline';
import { syncVisit } from './visit-sync';

const tags = ['inspections'];

/** Offline field work: the download of a checked-out visit and the upload of what was done offline. */
export async function offlineRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const writers = {
    visits: createWriter(db, visitResource),
    inspections: createWriter(db, inspectionResource),
    checklists: createWriter(db, checklistResource),
    comments: createWriter(db, commentResource),
  };

  r.get('/api/IPVisits/:id/offline', {
    config: { access: 'inspections.read' },
    schema: {
      tags,
      summary:
        'Everything a checked-out visit needs offline: inspections, checklists and answers, templates and forms, vehicles, earlier deficiencies, lists',
      params: idParams,
      response: { 200: visitOfflineBundle },
    },
    handler: (request) => loadBundle(db, request, writers.visits, request.params.id),
  });

  r.post('/api/IPVisits/:id/sync', {
    config: { access: 'inspections.write' },
    bodyLimit: 32 * 1024 * 1024,
    schema: {
      tags,
      summary:
        'Upload the changes made offline, in order: each applied, unchanged (a replay), a conflict (with the server record) or an error',
      params: idParams,
      body: visitSyncBody,
      response: { 200: visitSyncAnswer },
    },
    handler: (request) => syncVisit(writers, request, request.params.id, request.body.changes),
  });
}
