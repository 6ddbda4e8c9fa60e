import { attachSessionDocumentBody, sessionDocument, sessionDocumentParams } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../platform/resources/register';
import { attachSessionDocument, removeSessionDocument, sendSessionDocument } from './session-documents';
import { sessionDocuments } from './session-summaries';

const tags = ['exams'];

/** A session's documents: listed and downloaded by exam readers, attached and removed by exam writers. */
export async function sessionDocumentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/ExamSessions/:id/Documents', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary:
        'Attach a document uploaded with Documents/upload (by the caller) to the session; answers the session’s documents',
      params: idParams,
      body: attachSessionDocumentBody,
      response: { 200: z.array(sessionDocument) },
    },
    handler: async (request) => {
      await attachSessionDocument(request, request.params.id, request.body.document_id);
      return sessionDocuments(db, request.enterpriseId, request.params.id);
    },
  });

  r.get('/api/ExamSessions/:id/Documents/:documentId/content', {
    config: { access: 'exams.read' },
    schema: {
      tags,
      summary: 'The file of a session’s document, as an attachment; the read is logged (download)',
      params: sessionDocumentParams,
    },
    handler: (request, reply) =>
      sendSessionDocument(request, reply, request.params.id, request.params.documentId),
  });

  r.delete('/api/ExamSessions/:id/Documents/:documentId', {
    config: { access: 'exams.write' },
    schema: {
      tags,
      summary: 'Remove a document from the session (marked deleted; the file is kept for the audit trail)',
      params: sessionDocumentParams,
    },
    handler: async (request, reply) => {
      await removeSessionDocument(request, request.params.id, request.params.documentId);
      return reply.status(204).send();
    },
  });
}
