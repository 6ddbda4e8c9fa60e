import { Events } from '@licensure/contracts';
import { type Db, documents } from '@licensure/db';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { type DocumentRow, presentDocument } from '../../platform/files/documents';
import type { FileStorage } from '../../platform/files/storage';
import type { CheckedFile } from './store-file';

export type NewDocument = Omit<
  typeof documents.$inferInsert,
  'id' | 'enterprise_id' | 'storage_key' | 'mime_type' | 'size_bytes' | 'sha256' | 'uploaded_by'
>;

/**
 * Records a stored file as a document (and the change) in one transaction; when that fails the file
 * is removed, so that no unreferenced file stays behind.
 */
export async function insertDocument(
  db: Db,
  files: FileStorage,
  request: FastifyRequest,
  file: CheckedFile,
  values: NewDocument,
): Promise<DocumentRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          ...values,
          enterprise_id: request.enterpriseId,
          storage_key: file.key,
          mime_type: file.mime,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          uploaded_by: request.auth?.userId ?? null,
        })
        .returning();
      if (!row) throw new Error('document insert returned nothing');
      await recordChange(tx, actorOf(request), {
        entity: 'documents',
        objectId: row.id,
        action: 'create',
        after: presentDocument(row),
      });
      await recordEvent(tx, {
        enterpriseId: request.enterpriseId,
        name: Events.documentUploaded,
        entity: 'documents',
        objectId: row.id,
        actorId: request.auth?.userId ?? null,
      });
      return row;
    });
  } catch (err) {
    await files.delete(file.key);
    throw err;
  }
}
