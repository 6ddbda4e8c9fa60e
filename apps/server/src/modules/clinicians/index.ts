import {
  documentRecord,
  documentsByResponseQuery,
  getExcelQuery,
  importCliniciansParams,
  importCliniciansQuery,
  rosterImportAccepted,
  rosterImportRejected,
  rosterImportResult,
  saveFileUploadParams,
} from '@licensure/contracts';
import { documents } from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { presentDocument } from '../../platform/files/documents';
import { unauthenticated } from '../../platform/http/errors';
import { loadDocument } from '../documents/load-document';
import { presentDocumentFor, recordsAllow } from '../documents/parent-access';
import { mayRead } from '../documents/policy';
import { loadResponseFor } from '../responses/access';
import { assertRosterAccess, rosterReaders, rosterWriters } from './access';
import { exportRoster } from './export-roster';
import { ROSTER_IMPORT_QUEUE, type RosterImportJob, registerRosterImportJob } from './import-job';
import { importRoster } from './import-roster';

const tags = ['clinicians'];

/** Roster import and export of a service, and linking uploaded documents to form responses. */
export async function cliniciansModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { files, jobs } = app.deps;
  await registerRosterImportJob(app);

  r.post('/api/clinicians/importClinicians/:documentId/:serviceId', {
    config: { access: rosterWriters },
    schema: {
      tags,
      summary:
        'Import a roster spreadsheet (xlsx or csv) into a service: all rows or none. ?async=true answers 202 {jobId} and reports progress through the message hub (rosterImport events)',
      params: importCliniciansParams,
      querystring: importCliniciansQuery,
      response: { 200: rosterImportResult, 202: rosterImportAccepted, 400: rosterImportRejected },
    },
    handler: async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const { documentId, serviceId } = request.params;
      await assertRosterAccess(db, auth, request.enterpriseId, serviceId, rosterWriters);
      const doc = await loadDocument(db, request, documentId);
      const actor = actorOf(request);

      if (!request.query.async) {
        const outcome = await importRoster(db, files, actor, doc, serviceId, undefined, request.log);
        if (outcome.ok) return outcome.result;
        return reply
          .status(400)
          .send({ error: { code: 'validation_failed', message: outcome.message, rows: outcome.rows } });
      }

      // A job (on the queue, not in this request's process memory): survives a restart, and its failure
      // is reported through the message hub without touching the web server.
      const jobId = await jobs.send<RosterImportJob>(ROSTER_IMPORT_QUEUE, {
        enterpriseId: request.enterpriseId,
        userId: auth.userId,
        documentId: doc.id,
        serviceId,
      });
      // A standard queue never refuses a job; null would mean pg-boss changed its contract.
      if (!jobId) throw new Error('the roster import job was not enqueued');
      return reply.status(202).send({ jobId });
    },
  });

  r.get('/api/clinicians/getExcel', {
    config: { access: rosterReaders },
    schema: {
      tags,
      summary: 'The service roster as an xlsx file (the import columns, with end date)',
      querystring: getExcelQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (request, reply) => {
      const serviceId = request.query.serviceID;
      await assertRosterAccess(db, request.auth, request.enterpriseId, serviceId, rosterReaders);
      const stream = await exportRoster(db, request.enterpriseId, serviceId);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="roster-${serviceId}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  r.post('/api/clinicians/saveFileUpload/:documentId/:responseId', {
    config: { access: rosterWriters },
    schema: {
      tags,
      summary: 'Link an uploaded document to a form response',
      params: saveFileUploadParams,
      response: { 200: documentRecord },
    },
    handler: async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const { documentId, responseId } = request.params;
      // The document's own access (and that of every record it is attached to), and the response's.
      const before = await loadDocument(db, request, documentId, { need: 'write' });
      await loadResponseFor(db, auth, request.enterpriseId, responseId, 'edit');
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(documents)
          .set({ fb_response_id: responseId, updated_at: new Date() })
          .where(eq(documents.id, before.id))
          .returning();
        if (!row) throw new Error('document update returned nothing');
        await recordChange(tx, actorOf(request), {
          entity: 'documents',
          objectId: row.id,
          action: 'update',
          before: presentDocument(before),
          after: presentDocument(row),
        });
        return row;
      });
      return presentDocument(after);
    },
  });

  r.get('/api/clinicians/getDocumentByResponseID', {
    config: { access: rosterReaders },
    schema: {
      tags,
      summary: 'The documents linked to a form response that the caller may read (the documents rule)',
      querystring: documentsByResponseQuery,
      response: { 200: z.array(documentRecord) },
    },
    handler: async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      const rows = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.fb_response_id, request.query.responseID),
            eq(documents.enterprise_id, request.enterpriseId),
            isNull(documents.deleted_at),
          ),
        )
        .orderBy(asc(documents.created_at), asc(documents.id));
      const ctx = { db, auth, enterpriseId: request.enterpriseId };
      const readable = [];
      for (const d of rows) if (mayRead(auth, d) && (await recordsAllow(ctx, d))) readable.push(d);
      return readable.map((d) => presentDocumentFor(auth, d));
    },
  });
}
