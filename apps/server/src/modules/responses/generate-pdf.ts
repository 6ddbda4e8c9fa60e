// POST fbresponses/generatepdf: the response's PDF kept as a document of the response's person.
import type { DocumentRecord } from '@licensure/contracts';
import { type Db, documents } from '@licensure/db';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { presentDocument } from '../../platform/files/documents';
import type { FileStorage } from '../../platform/files/storage';
import { loadResponseFor } from './access';
import { renderResponsePdf } from './response-pdf';

export async function generateResponsePdf(
  db: Db,
  files: FileStorage,
  auth: AuthContext,
  actor: Actor,
  responseId: string,
): Promise<DocumentRecord> {
  const loaded = await loadResponseFor(db, auth, actor.enterpriseId, responseId, 'view');
  const { pdf, fileName } = await renderResponsePdf(db, loaded);
  const stored = await files.put(pdf);
  try {
    const doc = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          enterprise_id: actor.enterpriseId,
          name: fileName.slice(0, 255),
          description: `Form response, version ${loaded.response.form_version}`,
          document_type_id: loaded.form.document_type_id,
          user_id: loaded.response.user_id,
          service_id: loaded.response.service_id,
          vehicle_id: loaded.response.vehicle_id,
          fb_response_id: loaded.response.id,
          storage_key: stored.key,
          mime_type: 'application/pdf',
          size_bytes: stored.sizeBytes,
          sha256: stored.sha256,
          uploaded_by: auth.userId,
        })
        .returning();
      if (!row) throw new Error('document insert returned nothing');
      await recordChange(tx, actor, {
        entity: 'documents',
        objectId: row.id,
        action: 'create',
        after: presentDocument(row),
      });
      return row;
    });
    return presentDocument(doc);
  } catch (err) {
    await files.delete(stored.key);
    throw err;
  }
}
