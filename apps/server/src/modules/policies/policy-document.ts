import type { PolicyDocumentBody } from '@licensure/contracts';
import { documents, policies } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { presentDocument } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { FileNotFoundError } from '../../platform/files/storage';
import { badRequest, notFound } from '../../platform/http/errors';
import { attachmentDisposition } from '../documents/content-disposition';
import { decodeDataUrl } from '../documents/data-url';
import { storeCheckedFile } from '../documents/store-file';
import { livePolicy } from './acknowledge-policy';
import { onPublicSite } from './public-policies';

/**
 * PUT policies/{id}/document: the policy's document (checked like any upload, stored under a random
 * name) replaces the one it had, which is kept as a deleted document; both in one transaction.
 */
export async function setPolicyDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: PolicyDocumentBody,
) {
  const { db } = app.deps.database;
  const policy = await livePolicy(db, request.enterpriseId, id);
  if (!body.value.startsWith('data:')) throw badRequest({ value: 'Send the file as a data URL.' });
  const maxBytes = app.deps.config.UPLOAD_MAX_BYTES;
  const { content } = decodeDataUrl(body.value, maxBytes);
  const name = cleanFileName(body.name, 'policy');
  const file = await storeCheckedFile(app.deps.files, content, { maxBytes, name, field: 'value' });
  try {
    return await db.transaction(async (tx) => {
      const actor = actorOf(request);
      const [doc] = await tx
        .insert(documents)
        .values({
          enterprise_id: request.enterpriseId,
          name,
          description: `Document of the policy "${policy.title}"`,
          data_object: 'policies',
          data_object_id: id,
          storage_key: file.key,
          mime_type: file.mime,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          uploaded_by: request.auth?.userId ?? null,
        })
        .returning();
      if (!doc) throw new Error('policy document insert returned nothing');
      await recordChange(tx, actor, {
        entity: 'documents',
        objectId: doc.id,
        action: 'create',
        after: presentDocument(doc),
      });
      if (policy.document_id) {
        const [old] = await tx
          .update(documents)
          .set({ deleted_at: new Date() })
          .where(eq(documents.id, policy.document_id))
          .returning();
        if (old)
          await recordChange(tx, actor, {
            entity: 'documents',
            objectId: old.id,
            action: 'delete',
            before: presentDocument(old),
          });
      }
      const [after] = await tx
        .update(policies)
        .set({ document_id: doc.id, updated_at: new Date() })
        .where(eq(policies.id, id))
        .returning();
      await recordChange(tx, actor, {
        entity: 'policies',
        objectId: id,
        action: 'update',
        before: policy,
        after,
      });
      return { document_id: doc.id, document_name: name };
    });
  } catch (err) {
    await app.deps.files.delete(file.key);
    throw err;
  }
}

/**
 * Sends the document of a policy as an attachment; `publishedOnly` for the public site, where an
 * unpublished or ended policy is not found.
 */
export async function sendPolicyDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  publishedOnly: boolean,
) {
  const { db } = app.deps.database;
  const [row] = await db
    .select({ doc: documents })
    .from(policies)
    .leftJoin(documents, and(eq(documents.id, policies.document_id), isNull(documents.deleted_at)))
    .where(
      and(
        eq(policies.id, id),
        publishedOnly
          ? onPublicSite(request.enterpriseId)
          : and(eq(policies.enterprise_id, request.enterpriseId), isNull(policies.deleted_at)),
      ),
    );
  if (!row) throw notFound('policy');
  if (!row.doc) throw notFound('document of the policy');
  let stream: Awaited<ReturnType<typeof app.deps.files.get>>;
  try {
    stream = await app.deps.files.get(row.doc.storage_key);
  } catch (err) {
    if (!(err instanceof FileNotFoundError)) throw err;
    request.log.error({ document_id: row.doc.id }, 'a policy document has no stored file');
    throw notFound('file of the document');
  }
  return reply
    .header('content-type', row.doc.mime_type)
    .header('content-length', String(row.doc.size_bytes))
    .header('content-disposition', attachmentDisposition(row.doc.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', publishedOnly ? 'public, max-age=300' : 'private, no-store')
    .send(stream);
}
