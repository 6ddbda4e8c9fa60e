import type { Db } from '@licensure/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentRow } from '../../platform/files/documents';
import { FileNotFoundError } from '../../platform/files/storage';
import { notFound } from '../../platform/http/errors';
import { logDocumentAccess } from './access-log';
import { attachmentDisposition } from './content-disposition';

/**
 * Sends a document the caller may read as a download: its stored file with its type, size and name, never
 * cached, and the read logged. `what` names it in the 404 and the log when the file itself is missing
 * ("document", "attachment"). Each route checks access before calling this.
 */
export async function sendDocumentFile(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  doc: DocumentRow,
  what = 'document',
) {
  let stream: Awaited<ReturnType<typeof request.server.deps.files.get>>;
  try {
    stream = await request.server.deps.files.get(doc.storage_key);
  } catch (err) {
    if (!(err instanceof FileNotFoundError)) throw err;
    request.log.error({ document_id: doc.id }, `a ${what} has no stored file`);
    throw notFound(`file of the ${what}`);
  }
  await logDocumentAccess(db, request, [doc.id], 'download');
  return reply
    .header('content-type', doc.mime_type)
    .header('content-length', String(doc.size_bytes))
    .header('content-disposition', attachmentDisposition(doc.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
