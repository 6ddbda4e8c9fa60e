import {
  createDocumentObjectBody,
  documentRecord,
  documentSaveBody,
  documentSaveResult,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { speaksForHolder } from '../../platform/permissions/policies';
import { attachDocumentObject } from './attach-object';
import { createDocument } from './create-document';
import { deleteDocument } from './delete-document';
import { authOf } from './load-document';
import { presentDocumentFor } from './parent-access';
import { idParams, tags } from './read-routes';
import { updateDocument } from './update-document';

/** What a document's metadata names, each of the caller's enterprise (data_object_id: see requireDataObject). */
const documentRefs = {
  'document.document_type_id': 'document_types',
  'document.user_id': 'users',
  'document.candidate_id': 'users',
};

/** Writing documents: create from a data URL, change metadata (saveAll), delete, attach to a record. */
export async function documentWriteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A data URL is a third larger than its file; the file itself is then held to UPLOAD_MAX_BYTES.
  const bodyLimit = Math.ceil(app.deps.config.UPLOAD_MAX_BYTES / 3) * 4 + 1024 * 1024;

  r.post('/api/Documents', {
    config: { access: speaksForHolder('documents.write'), refs: documentRefs },
    bodyLimit,
    schema: {
      tags,
      summary:
        'Create a document from `value`, the file as a base64 data URL, with the metadata in `document`; checked like an upload',
      body: documentSaveBody,
      response: { 200: documentRecord },
    },
    handler: async (request) =>
      presentDocumentFor(authOf(request), await createDocument(app, request, request.body)),
  });

  r.put('/api/Documents/:id', {
    config: { access: speaksForHolder('documents.write'), refs: documentRefs },
    bodyLimit,
    schema: {
      tags,
      summary:
        'Change a document’s metadata (and with `value` its content). Locked documents cannot be changed, except unlocking ({locked:false} alone, documents.write). saveAll gives the type and expiration date to the other documents of the same response (or person and name)',
      params: idParams,
      body: documentSaveBody,
      response: { 200: documentSaveResult },
    },
    handler: async (request) => {
      const { document, updated } = await updateDocument(app, request, request.params.id, request.body);
      return { document: presentDocumentFor(authOf(request), document), updated };
    },
  });

  r.delete('/api/Documents/:id', {
    config: { access: speaksForHolder('documents.write') },
    schema: {
      tags,
      summary:
        'Delete a document (marked deleted; the file stays for the audit trail). Locked documents cannot be deleted',
      params: idParams,
    },
    handler: async (request, reply) => {
      await deleteDocument(app, request, request.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/api/Documents/createDocumentObject', {
    config: { access: 'documents.write' },
    schema: {
      tags,
      summary:
        'Attach a document to a record: data_object the kind, value the record’s id (users, services, vehicles, licence requests and responses must exist)',
      body: createDocumentObjectBody,
      response: { 200: documentRecord },
    },
    handler: async (request) =>
      presentDocumentFor(authOf(request), await attachDocumentObject(app, request, request.body)),
  });
}
