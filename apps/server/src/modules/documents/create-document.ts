import { allowedUploadTypes, type DocumentSaveBody } from '@licensure/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentRow } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { AppError, badRequest } from '../../platform/http/errors';
import { requireDataObject } from './attach-object';
import { decodeDataUrl } from './data-url';
import { insertDocument } from './insert-document';
import { authOf } from './load-document';
import { resolveNewDocumentTarget } from './new-document-target';
import { writesAll } from './policy';
import { storeCheckedFile } from './store-file';

/** POST Documents: a document from `value`, a base64 data URL, checked like an upload. */
export async function createDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  body: DocumentSaveBody,
): Promise<DocumentRow> {
  const auth = authOf(request);
  const { db } = app.deps.database;
  const maxBytes = app.deps.config.UPLOAD_MAX_BYTES;
  const meta = body.document;
  // A new document has no kind yet (createDocumentObject gives it one): its data_object_id names nothing.
  if (meta.data_object_id) await requireDataObject(db, request.enterpriseId, null, meta.data_object_id);
  if (!body.value) throw badRequest({ value: 'value is required: the file as a base64 data URL.' });
  if (meta.locked && !writesAll(auth))
    throw new AppError('forbidden', 'Only staff with documents.write may lock documents.');
  const target = await resolveNewDocumentTarget(db, auth, request.enterpriseId, {
    candidate_id: meta.candidate_id,
    user_id: meta.user_id,
  });
  const { content, declaredType } = decodeDataUrl(body.value, maxBytes);
  const given = meta.name ? cleanFileName(meta.name, 'document') : null;
  const file = await storeCheckedFile(app.deps.files, content, {
    maxBytes,
    name: given ?? '',
    field: 'value',
    textIsCsv: declaredType === 'text/csv',
  });
  return insertDocument(db, app.deps.files, request, file, {
    name: given ?? `document.${allowedUploadTypes[file.mime]}`,
    description: meta.description ?? null,
    document_type_id: meta.document_type_id ?? null,
    expiration_date: meta.expiration_date ?? null,
    locked: meta.locked ?? false,
    code: meta.code ?? null,
    user_id: target.userId,
    data_object_id: meta.data_object_id ?? null,
    from_complaint: meta.fromComplaint ?? false,
  });
}
