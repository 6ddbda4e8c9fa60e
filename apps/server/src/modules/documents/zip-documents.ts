import type { Readable } from 'node:stream';
import { documents } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import type { DocumentRow } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { AppError } from '../../platform/http/errors';
import { logDocumentAccess } from './access-log';
import { authOf } from './load-document';
import { readableRecordsSql } from './parent-access';
import { mayRead } from './policy';

/** Names made unique, case-insensitively: "a.pdf", "a (2).pdf", "a (3).pdf". */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = cleanFileName(raw, 'document');
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * POST Core/Zip: the chosen documents as one zip, in the order asked. Every id must be a document the
 * caller may read, with the same rule as the list (parent-access.ts) (else 404 naming documentIds, nothing sent); each is logged as read ('zip').
 */
export async function zipDocuments(
  app: FastifyInstance,
  request: FastifyRequest,
  documentIds: readonly string[],
): Promise<Readable> {
  const auth = authOf(request);
  const { db } = app.deps.database;
  const ids = [...new Set(documentIds)];
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.enterprise_id, request.enterpriseId),
        inArray(documents.id, ids),
        isNull(documents.deleted_at),
        readableRecordsSql({ db, auth, enterpriseId: request.enterpriseId }),
      ),
    );
  const byId = new Map(rows.filter((d) => mayRead(auth, d)).map((d) => [d.id, d]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw new AppError('not_found', 'Some of the documents were not found.', {
      documentIds: `These documents were not found: ${missing.join(', ')}.`,
    });
  }
  const chosen = ids.map((id) => byId.get(id) as DocumentRow);
  await logDocumentAccess(db, request, ids, 'zip');

  const zip = new ZipFile();
  const names = uniqueNames(chosen.map((d) => d.name));
  chosen.forEach((doc, i) => {
    // Opened one at a time as the zip is written, so that 200 documents hold one file open, not 200.
    zip.addReadStreamLazy(
      names[i] as string,
      {
        mtime: doc.created_at,
        size: doc.size_bytes,
        compress: !/^image\/(png|jpeg|gif|webp)$/.test(doc.mime_type),
      },
      (done) => {
        app.deps.files.get(doc.storage_key).then(
          (stream) => done(null, stream),
          (err: unknown) => {
            request.log.error({ err, document_id: doc.id }, 'a zipped document has no stored file');
            done(err, undefined as never);
          },
        );
      },
    );
  });
  zip.end();
  return zip.outputStream as Readable;
}
