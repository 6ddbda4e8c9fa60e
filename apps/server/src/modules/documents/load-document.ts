import { messageDocumentLocked, messageResponseSubmitted, progress } from '@licensure/contracts';
import { type Db, documents, fbResponses, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import type { DocumentRow } from '../../platform/files/documents';
import { AppError, forbidden, notFound, unauthenticated } from '../../platform/http/errors';
import { recordsAllow } from './parent-access';
import { mayRead, mayWrite, writesAll } from './policy';

export interface LoadOptions {
  /** 'write': the caller must be allowed to change it. */
  need?: 'read' | 'write';
  /** Also find deleted documents (their access log stays readable). */
  withDeleted?: boolean;
  /**
   * A document the caller may not read is a 404 for portal users (they never learn it exists) and a
   * 403 for staff lacking the permission; `alwaysHide` makes it a 404 for everybody.
   */
  alwaysHide?: boolean;
}

export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * One document of the enterprise the caller may read (or change): theirs or documents.read, and every
 * record it is attached to readable by them (parent-access.ts); 404 or 403 otherwise. A file of the
 * public complaint form waiting for screening is a 404 to everybody (the screening routes show it).
 */
export async function loadDocument(
  db: Db | Tx,
  request: { auth: AuthContext | null; enterpriseId: string },
  documentId: string,
  options: LoadOptions = {},
): Promise<DocumentRow> {
  const auth = authOf(request);
  const [doc] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.enterprise_id, request.enterpriseId),
        options.withDeleted ? undefined : isNull(documents.deleted_at),
      ),
    );
  if (!doc || doc.screening === 'pending') throw notFound('document');
  const ctx = { db, auth, enterpriseId: request.enterpriseId };
  if (!mayRead(auth, doc) || !(await recordsAllow(ctx, doc))) {
    if (auth.isPortal || options.alwaysHide) throw notFound('document');
    throw forbidden();
  }
  if (options.need === 'write' && !mayWrite(auth, doc)) throw forbidden();
  return doc;
}

export const lockedConflict = () => new AppError('conflict', messageDocumentLocked);

/**
 * Owners without documents.write may not change a document once the response it belongs to was
 * submitted (staff who may change any response still may).
 */
export async function assertResponseOpenFor(
  db: Db | Tx,
  auth: AuthContext,
  doc: Pick<DocumentRow, 'fb_response_id'>,
): Promise<void> {
  if (!doc.fb_response_id || writesAll(auth) || auth.permissions.has('responses.write')) return;
  const [response] = await db
    .select({ progress: fbResponses.progress })
    .from(fbResponses)
    .where(eq(fbResponses.id, doc.fb_response_id));
  if (response && response.progress >= progress.submitted)
    throw new AppError('forbidden', messageResponseSubmitted);
}
