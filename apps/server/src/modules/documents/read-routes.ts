import {
  documentAccessLogList,
  documentAccessLogQuery,
  documentList,
  documentListQuery,
  documentRecord,
  documentsByUserParams,
  logDocumentAccessBody,
  zipBody,
} from '@licensure/contracts';
import { documents, users } from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/http/errors';
import { selfOrPermission, speaksForHolder } from '../../platform/permissions/policies';
import { listDocumentAccess, logDocumentAccess } from './access-log';
import { attachmentDisposition } from './content-disposition';
import { listDocuments } from './list-documents';
import { authOf, loadDocument } from './load-document';
import { presentDocumentFor, readableRecordsSql } from './parent-access';
import { readsAll } from './policy';
import { sendDocumentFile } from './send-document-file';
import { zipDocuments } from './zip-documents';

export const tags = ['documents'];
export const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** Reading documents: lists, one, its content, who read it, zips, and the spec's lookups by user and inspection. */
export async function documentReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/Documents', {
    config: { access: speaksForHolder(['documents.read', 'documents.write'], 'forbidden') },
    schema: {
      tags,
      summary:
        'Documents, paged and filtered; without documents.read only the caller’s own. sortBy name, created_at or expiration_date (default: newest first)',
      querystring: documentListQuery,
      response: { 200: documentList },
    },
    handler: async (request) => listDocuments(db, authOf(request), request.enterpriseId, request.query),
  });

  r.get('/api/Documents/:id', {
    config: { access: speaksForHolder(['documents.read', 'documents.write'], 'forbidden') },
    schema: { tags, summary: 'One document’s metadata', params: idParams, response: { 200: documentRecord } },
    handler: async (request) =>
      presentDocumentFor(authOf(request), await loadDocument(db, request, request.params.id)),
  });

  r.get('/api/Documents/:id/content', {
    config: { access: speaksForHolder(['documents.read', 'documents.write'], 'forbidden') },
    schema: {
      tags,
      summary: 'The document’s file, as an attachment; the read is logged (download)',
      params: idParams,
    },
    handler: async (request, reply) => {
      const doc = await loadDocument(db, request, request.params.id);
      return sendDocumentFile(db, request, reply, doc);
    },
  });

  r.get('/api/Documents/:id/accesslog', {
    config: { access: 'documents.read' },
    schema: {
      tags,
      summary: 'Who read the document and when, newest first, with the reader’s name (paged)',
      params: idParams,
      querystring: documentAccessLogQuery,
      response: { 200: documentAccessLogList },
    },
    handler: async (request) => {
      const doc = await loadDocument(db, request, request.params.id, { withDeleted: true });
      return listDocumentAccess(db, request.enterpriseId, doc.id, request.query);
    },
  });

  r.post('/api/Documents/LogDocumentAccess', {
    config: { access: speaksForHolder(['documents.read', 'documents.write'], 'not_found') },
    schema: {
      tags,
      summary: 'Records that the caller read a document (logged); 404 for a document they may not see',
      body: logDocumentAccessBody,
      response: { 200: z.object({ logged: z.literal(true) }) },
    },
    handler: async (request) => {
      const doc = await loadDocument(db, request, request.body.document_id, { alwaysHide: true });
      await logDocumentAccess(db, request, [doc.id], 'logged');
      return { logged: true as const };
    },
  });

  r.post('/api/Core/Zip', {
    config: { access: speaksForHolder(['documents.read', 'documents.write'], 'not_found') },
    schema: {
      tags,
      summary: 'The chosen documents (at most 200) as one zip file; each read is logged (zip)',
      body: zipBody,
      produces: ['application/zip'],
    },
    handler: async (request, reply) => {
      const stream = await zipDocuments(app, request, request.body.documentIds);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition('documents.zip'))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  r.get('/api/Core/DocumentsByUser/:user_id/:question_id', {
    config: { access: selfOrPermission('documents.read') },
    schema: {
      tags,
      summary: 'A person’s documents uploaded for a question (documents.read, or the person themself)',
      params: documentsByUserParams,
      response: { 200: z.array(documentRecord) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const { user_id, question_id } = request.params;
      if (user_id !== auth.userId && !readsAll(auth)) throw forbidden();
      const [person] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, user_id), eq(users.enterprise_id, request.enterpriseId)));
      if (!person) throw notFound('person');
      const rows = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.enterprise_id, request.enterpriseId),
            eq(documents.user_id, user_id),
            eq(documents.question_id, question_id),
            isNull(documents.deleted_at),
            readableRecordsSql({ db, auth, enterpriseId: request.enterpriseId }),
          ),
        )
        .orderBy(asc(documents.created_at), asc(documents.id));
      return rows.map((d) => presentDocumentFor(auth, d));
    },
  });

  r.get('/api/Core/DocumentsByInspection/:id', {
    config: { access: 'documents.read' },
    schema: {
      tags,
      summary: 'The documents of an inspection (inspections.read: those of records the caller may read)',
      params: idParams,
      response: { 200: z.array(documentRecord) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const rows = await db
        .select()
        .from(documents)
        .where(
          and(
            eq(documents.enterprise_id, request.enterpriseId),
            eq(documents.inspection_id, request.params.id),
            isNull(documents.deleted_at),
            readableRecordsSql({ db, auth, enterpriseId: request.enterpriseId }),
          ),
        )
        .orderBy(asc(documents.created_at), asc(documents.id));
      return rows.map((d) => presentDocumentFor(auth, d));
    },
  });
}
