import { documents } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { presentDocument } from '../../platform/files/documents';
import { assertResponseOpenFor, authOf, loadDocument, lockedConflict } from './load-document';
import { writesAll } from './policy';

/**
 * DELETE Documents/{id}: marks the document deleted; the file stays for the audit trail. Refused when
 * locked; owners may delete their own documents unless the response they belong to was submitted.
 */
export async function deleteDocument(app: FastifyInstance, request: FastifyRequest, documentId: string) {
  const auth = authOf(request);
  const { db } = app.deps.database;
  await db.transaction(async (tx) => {
    const before = await loadDocument(tx, request, documentId, { need: 'write' });
    const [current] = await tx.select().from(documents).where(eq(documents.id, before.id)).for('update');
    if (current?.locked) throw lockedConflict();
    if (!writesAll(auth)) await assertResponseOpenFor(tx, auth, before);
    const [after] = await tx
      .update(documents)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(eq(documents.id, before.id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'documents',
      objectId: before.id,
      action: 'delete',
      before: presentDocument(before),
      after: after && { ...presentDocument(after), deleted_at: after.deleted_at?.toISOString() },
    });
  });
}
