import type { DocumentSaveBody } from '@licensure/contracts';
import { documents, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, actorOf, recordChange } from '../../platform/audit/record-change';
import { type DocumentRow, presentDocument } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { AppError, forbidden } from '../../platform/http/errors';
import { requireDataObject } from './attach-object';
import { decodeDataUrl } from './data-url';
import { assertResponseOpenFor, authOf, loadDocument, lockedConflict } from './load-document';
import { requirePerson } from './new-document-target';
import { readableRecordsSql } from './parent-access';
import { writesAll } from './policy';
import { type CheckedFile, storeCheckedFile } from './store-file';

type Changes = Partial<typeof documents.$inferInsert>;

/**
 * PUT Documents/{id}: changes metadata (and, with `value`, the content). A locked document cannot be
 * changed, except that documents.write may send `locked: false` alone to unlock it. With saveAll the
 * document type and expiration date go to every document of the same response (or, outside a
 * response, of the same person and name) that the caller may change, in the same transaction.
 */
export async function updateDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  documentId: string,
  body: DocumentSaveBody,
): Promise<{ document: DocumentRow; updated: number }> {
  const auth = authOf(request);
  const { db } = app.deps.database;
  const files = app.deps.files;
  const meta = body.document;
  const writer = writesAll(auth);

  const before = await loadDocument(db, request, documentId, { need: 'write' });
  const sent = Object.entries(meta).filter(([, v]) => v !== undefined);
  const unlockOnly = writer && sent.length === 1 && meta.locked === false && !body.value && !body.saveAll;
  if (before.locked && !unlockOnly) throw lockedConflict();
  if (!writer) {
    if (meta.locked !== undefined && meta.locked !== before.locked)
      throw new AppError('forbidden', 'Only staff with documents.write may lock or unlock documents.');
    await assertResponseOpenFor(db, auth, before);
  }
  if (meta.data_object_id && meta.data_object_id !== before.data_object_id)
    await requireDataObject(db, request.enterpriseId, before.data_object, meta.data_object_id);
  const newOwner = meta.candidate_id ?? meta.user_id;
  if (newOwner && newOwner !== before.user_id) {
    if (!writer) throw forbidden();
    await requirePerson(db, request.enterpriseId, newOwner, meta.candidate_id ? 'candidate_id' : 'user_id');
  }

  let file: CheckedFile | null = null;
  if (body.value) {
    const maxBytes = app.deps.config.UPLOAD_MAX_BYTES;
    const { content, declaredType } = decodeDataUrl(body.value, maxBytes);
    file = await storeCheckedFile(files, content, {
      maxBytes,
      name: meta.name ?? before.name,
      field: 'value',
      textIsCsv: declaredType === 'text/csv',
    });
  }

  const changes: Changes = {
    name: meta.name === undefined ? undefined : cleanFileName(meta.name, before.name),
    description: meta.description,
    document_type_id: meta.document_type_id,
    expiration_date: meta.expiration_date,
    code: meta.code,
    locked: meta.locked,
    user_id: newOwner,
    data_object_id: meta.data_object_id,
    from_complaint: meta.fromComplaint,
    ...(file
      ? { storage_key: file.key, mime_type: file.mime, size_bytes: file.sizeBytes, sha256: file.sha256 }
      : {}),
    updated_at: new Date(),
  };

  try {
    return await db.transaction(async (tx) => {
      // Locked meanwhile by someone else? Read again under a row lock.
      const [current] = await tx.select().from(documents).where(eq(documents.id, before.id)).for('update');
      if (!current || current.deleted_at) throw new AppError('not_found', 'The document was not found.');
      if (current.locked && !unlockOnly) throw lockedConflict();
      const [after] = await tx.update(documents).set(changes).where(eq(documents.id, before.id)).returning();
      if (!after) throw new Error('document update returned nothing');
      const actor = actorOf(request);
      await recordChange(tx, actor, {
        entity: 'documents',
        objectId: after.id,
        action: 'update',
        // The old content stays on disk: the log keeps its key, so that it can be found again.
        before: file
          ? { ...presentDocument(current), storage_key: current.storage_key }
          : presentDocument(current),
        after: file ? { ...presentDocument(after), storage_key: after.storage_key } : presentDocument(after),
      });
      const siblings = body.saveAll
        ? await applyToSiblings(
            tx,
            actor,
            after,
            writer ? null : auth.userId,
            readableRecordsSql({ db: tx, auth, enterpriseId: request.enterpriseId }),
          )
        : 0;
      return { document: after, updated: 1 + siblings };
    });
  } catch (err) {
    if (file) await files.delete(file.key);
    throw err;
  }
}

/**
 * Gives the document's type and expiration date to its unlocked siblings that the caller may read
 * (`readable`: parent-access.ts); answers how many changed.
 */
async function applyToSiblings(
  tx: Tx,
  actor: Actor,
  doc: DocumentRow,
  onlyOwner: string | null,
  readable: SQL,
) {
  const sameGroup: SQL | undefined = doc.fb_response_id
    ? eq(documents.fb_response_id, doc.fb_response_id)
    : and(
        isNull(documents.fb_response_id),
        doc.user_id ? eq(documents.user_id, doc.user_id) : isNull(documents.user_id),
        eq(documents.name, doc.name),
      );
  const siblings = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.enterprise_id, doc.enterprise_id),
        ne(documents.id, doc.id),
        isNull(documents.deleted_at),
        eq(documents.locked, false),
        onlyOwner ? eq(documents.user_id, onlyOwner) : undefined,
        sameGroup,
        readable,
      ),
    )
    .for('update');
  if (siblings.length === 0) return 0;
  const changed = await tx
    .update(documents)
    .set({
      document_type_id: doc.document_type_id,
      expiration_date: doc.expiration_date,
      updated_at: new Date(),
    })
    .where(
      inArray(
        documents.id,
        siblings.map((s) => s.id),
      ),
    )
    .returning();
  const beforeOf = new Map(siblings.map((s) => [s.id, s]));
  for (const row of changed) {
    const old = beforeOf.get(row.id);
    await recordChange(tx, actor, {
      entity: 'documents',
      objectId: row.id,
      action: 'update',
      before: old && presentDocument(old),
      after: presentDocument(row),
    });
  }
  return changed.length;
}
