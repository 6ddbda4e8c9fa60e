import multipart from '@fastify/multipart';
import { documentRecord, documentUploadFields } from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentDocument } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { badRequest } from '../../platform/http/errors';
import { speaksForHolder } from '../../platform/permissions/policies';
import { checkReferences, refTarget } from '../../platform/resources/references';
import { insertDocument } from './insert-document';
import { authOf } from './load-document';
import { resolveNewDocumentTarget } from './new-document-target';
import { storeCheckedFile } from './store-file';

const typeRef = { document_type_id: refTarget('document_types') };

/**
 * POST /api/Documents/upload: one multipart `file` part after optional fields. Stores the bytes under
 * a random name, checks size and type from the content, and answers the document record.
 */
export async function registerDocumentUpload(app: FastifyInstance): Promise<void> {
  const maxBytes = app.deps.config.UPLOAD_MAX_BYTES;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1, files: 1, fields: 12, parts: 14 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const files = app.deps.files;

    r.post('/api/Documents/upload', {
      config: { access: speaksForHolder('documents.write') },
      schema: {
        tags: ['documents'],
        summary:
          'Upload a file (multipart/form-data: optional fields description, document_type_id, candidate_id or user_id, expiration_date, fb_response_id, question_id, service_id, then the part "file"); answers the document',
        consumes: ['multipart/form-data'],
        response: { 200: documentRecord },
      },
      handler: async (request) => {
        const auth = authOf(request);
        if (!request.isMultipart()) throw badRequest({ file: 'Send the file as multipart/form-data.' });
        const part = await request.file();
        if (part?.fieldname !== 'file') throw badRequest({ file: 'A file part named "file" is required.' });
        try {
          const raw = Object.fromEntries(
            Object.entries(part.fields).flatMap(([k, v]) =>
              v && !Array.isArray(v) && v.type === 'field' && String(v.value) !== ''
                ? [[k, String(v.value)]]
                : [],
            ),
          );
          const parsed = documentUploadFields.safeParse(raw);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw badRequest({ [String(issue?.path[0] ?? '_')]: issue?.message ?? 'Invalid value' });
          }
          const fields = parsed.data;
          await checkReferences(db, request.enterpriseId, typeRef, fields);
          const target = await resolveNewDocumentTarget(db, auth, request.enterpriseId, fields);
          const name = cleanFileName(part.filename);
          const file = await storeCheckedFile(files, part.file, {
            maxBytes,
            name,
            field: 'file',
            truncated: () => part.file.truncated,
          });
          const doc = await insertDocument(db, files, request, file, {
            name,
            description: fields.description ?? null,
            document_type_id: fields.document_type_id ?? target.defaultDocumentTypeId,
            expiration_date: fields.expiration_date ?? null,
            user_id: target.userId,
            fb_response_id: target.responseId,
            question_id: fields.question_id ?? null,
            service_id: target.serviceId,
          });
          return presentDocument(doc);
        } finally {
          // Drain what was not read (a refused request), so that the connection stays usable.
          part.file.resume();
        }
      },
    });
  });
}
