import { documents, exSessions, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { can } from '../../platform/auth/context';
import { presentDocument } from '../../platform/files/documents';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { lockedConflict } from '../documents/load-document';
import { sendDocumentFile } from '../documents/send-document-file';

/** Documents of a session are attached to it as their data object. */
export const SESSION_DATA_OBJECT = 'ex_sessions';

async function liveSession(tx: Tx, enterpriseId: string, sessionId: string) {
  const [session] = await tx
    .select({ id: exSessions.id })
    .from(exSessions)
    .where(
      and(
        eq(exSessions.id, sessionId),
        eq(exSessions.enterprise_id, enterpriseId),
        isNull(exSessions.deleted_at),
      ),
    );
  if (!session) throw notFound('exam session');
  return session;
}

/** A live document of the session, locked for a change unless only read (404 when it is not the session's). */
async function documentOfSession(
  tx: Tx,
  enterpriseId: string,
  sessionId: string,
  documentId: string,
  lock = true,
) {
  const query = tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.enterprise_id, enterpriseId),
        eq(documents.data_object, SESSION_DATA_OBJECT),
        eq(documents.data_object_id, sessionId),
        isNull(documents.deleted_at),
      ),
    );
  const [doc] = lock ? await query.for('update') : await query;
  if (!doc) throw notFound('document of the session');
  return doc;
}

/**
 * Attaches a document uploaded with Documents/upload to a session. The caller must have uploaded it
 * (or hold documents.write); a locked document, or one attached to another record, stays where it is.
 */
export async function attachSessionDocument(request: FastifyRequest, sessionId: string, documentId: string) {
  const { db } = request.server.deps.database;
  const enterpriseId = request.enterpriseId;
  return db.transaction(async (tx) => {
    const session = await liveSession(tx, enterpriseId, sessionId);
    const [doc] = await tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.enterprise_id, enterpriseId),
          isNull(documents.deleted_at),
        ),
      )
      .for('update');
    if (!doc) throw notFound('document');
    if (doc.uploaded_by !== request.auth?.userId && !can(request.auth, 'documents.write')) throw forbidden();
    if (doc.locked) throw lockedConflict();
    const here = doc.data_object === SESSION_DATA_OBJECT && doc.data_object_id === session.id;
    if (here) return doc;
    if (doc.data_object || doc.fb_response_id)
      throw new AppError(
        'conflict',
        'This document belongs to another record: upload the file again for the session.',
      );
    const [after] = await tx
      .update(documents)
      .set({ data_object: SESSION_DATA_OBJECT, data_object_id: session.id, updated_at: new Date() })
      .where(eq(documents.id, doc.id))
      .returning();
    if (!after) throw new Error('document update returned nothing');
    await recordChange(tx, actorOf(request), {
      entity: 'documents',
      objectId: doc.id,
      action: 'update',
      before: presentDocument(doc),
      after: presentDocument(after),
    });
    return after;
  });
}

/** Removes a session's document: marked deleted, the file kept for the audit trail (409 when locked). */
export async function removeSessionDocument(request: FastifyRequest, sessionId: string, documentId: string) {
  const { db } = request.server.deps.database;
  await db.transaction(async (tx) => {
    await liveSession(tx, request.enterpriseId, sessionId);
    const doc = await documentOfSession(tx, request.enterpriseId, sessionId, documentId);
    if (doc.locked) throw lockedConflict();
    const [after] = await tx
      .update(documents)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(eq(documents.id, doc.id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'documents',
      objectId: doc.id,
      action: 'delete',
      before: presentDocument(doc),
      after: after && { ...presentDocument(after), deleted_at: after.deleted_at?.toISOString() },
    });
  });
}

/**
 * Sends a session's document as an attachment to those who read exams (they need not hold
 * documents.read: the session is what they may see); the read is logged as a download.
 */
export async function sendSessionDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  documentId: string,
) {
  const { db } = request.server.deps.database;
  const doc = await db.transaction(async (tx) => {
    await liveSession(tx, request.enterpriseId, sessionId);
    return documentOfSession(tx, request.enterpriseId, sessionId, documentId, false);
  });
  return sendDocumentFile(db, request, reply, doc, 'session document');
}
