import type { DocumentListQuery } from '@licensure/contracts';
import { type Db, documents } from '@licensure/db';
import { and, asc, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { forbidden } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { presentDocumentFor, readableRecordsSql } from './parent-access';
import { readsAll } from './policy';

const filterColumns = {
  document_type_id: documents.document_type_id,
  fb_response_id: documents.fb_response_id,
  question_id: documents.question_id,
  inspection_id: documents.inspection_id,
  service_id: documents.service_id,
  vehicle_id: documents.vehicle_id,
} as const;

/**
 * GET Documents: a page of live documents. Without documents.read the list is the caller's own
 * (asking for another person's is a 403); for everybody only those whose records they may read
 * (parent-access.ts), so that the list shows what Documents/{id} answers. Without sortBy the newest
 * come first.
 */
export async function listDocuments(db: Db, auth: AuthContext, enterpriseId: string, q: DocumentListQuery) {
  const requested = q.user_id ?? q.candidate_id;
  if (!readsAll(auth) && requested && requested !== auth.userId) throw forbidden();
  const userId = readsAll(auth) ? requested : auth.userId;
  const conditions: (SQL | undefined)[] = [
    eq(documents.enterprise_id, enterpriseId),
    isNull(documents.deleted_at),
    userId ? eq(documents.user_id, userId) : undefined,
    q.locked === undefined ? undefined : eq(documents.locked, q.locked),
    q.search?.trim() ? ilike(documents.name, likeContains(q.search.trim())) : undefined,
    readableRecordsSql({ db, auth, enterpriseId }),
  ];
  for (const [param, column] of Object.entries(filterColumns)) {
    const value = q[param as keyof typeof filterColumns];
    if (value) conditions.push(eq(column, value));
  }
  const where = and(...conditions);

  const descending = q.sortBy ? q.reverse === true : q.reverse !== true;
  const dir = descending ? desc : asc;
  const sortBy = q.sortBy ?? 'created_at';
  const order =
    sortBy === 'name'
      ? [dir(sql`lower(${documents.name})`)]
      : sortBy === 'expiration_date'
        ? [sql`${documents.expiration_date} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`]
        : [dir(documents.created_at)];

  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(...order, dir(documents.id))
      .limit(q.numPerPage)
      .offset((q.currentPage - 1) * q.numPerPage),
    db.select({ total: countAll }).from(documents).where(where),
  ]);
  return {
    items: rows.map((d) => presentDocumentFor(auth, d)),
    total: count?.total ?? 0,
    currentPage: q.currentPage,
    numPerPage: q.numPerPage,
  };
}
