import type { DocumentAccessEntry } from '@licensure/contracts';
import { type Db, documentAccessLog, type Tx, users } from '@licensure/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { countAll } from '../../platform/resources/list-query';

type Action = DocumentAccessEntry['action'];

/** Records that the caller read these documents (one row each). */
export async function logDocumentAccess(
  db: Db | Tx,
  request: FastifyRequest,
  documentIds: readonly string[],
  action: Action,
): Promise<void> {
  if (documentIds.length === 0) return;
  await db.insert(documentAccessLog).values(
    documentIds.map((document_id) => ({
      enterprise_id: request.enterpriseId,
      document_id,
      user_id: request.auth?.userId ?? null,
      action,
      ip: request.ip,
    })),
  );
}

/** Who read a document and when, newest first, with the reader's name. */
export async function listDocumentAccess(
  db: Db,
  enterpriseId: string,
  documentId: string,
  page: { currentPage: number; numPerPage: number },
) {
  const where = and(
    eq(documentAccessLog.document_id, documentId),
    eq(documentAccessLog.enterprise_id, enterpriseId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: documentAccessLog.id,
        document_id: documentAccessLog.document_id,
        user_id: documentAccessLog.user_id,
        user_name: sql<
          string | null
        >`coalesce(nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.user_name})`,
        action: documentAccessLog.action,
        ip: documentAccessLog.ip,
        at: documentAccessLog.at,
      })
      .from(documentAccessLog)
      .leftJoin(users, eq(users.id, documentAccessLog.user_id))
      .where(where)
      .orderBy(desc(documentAccessLog.at), desc(documentAccessLog.id))
      .limit(page.numPerPage)
      .offset((page.currentPage - 1) * page.numPerPage),
    db.select({ total: countAll }).from(documentAccessLog).where(where),
  ]);
  const items: DocumentAccessEntry[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { items, total: count?.total ?? 0, currentPage: page.currentPage, numPerPage: page.numPerPage };
}
