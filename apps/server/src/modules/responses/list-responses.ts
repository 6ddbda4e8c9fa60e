// GET fbresponses: a page of responses. Callers without responses.read only ever see their own.
import {
  type ListResult,
  type ResponseListItem,
  type ResponseListQuery,
  responseSortFields,
} from '@licensure/contracts';
import { type Db, fbForms, fbResponses, users } from '@licensure/db';
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/http/errors';
import { countAll, likeContains } from '../../platform/resources/list-query';
import { staffReads } from './access';

const userName = sql<string | null>`nullif(concat_ws(', ', ${users.last_name}, ${users.first_name}), '')`;

const sortColumns: Record<(typeof responseSortFields)[number], SQL | PgColumn> = {
  updated_at: fbResponses.updated_at,
  created_at: fbResponses.created_at,
  completed_on: fbResponses.completed_on,
  form_name: sql`lower(${fbForms.name})`,
  user_name: sql`lower(${userName})`,
  progress: fbResponses.progress,
};

export async function listResponses(
  db: Db,
  auth: AuthContext,
  enterpriseId: string,
  query: ResponseListQuery,
): Promise<ListResult<ResponseListItem>> {
  const sortBy = responseSortFields.find(
    (f) => f.toLowerCase() === (query.sortBy ?? 'updated_at').toLowerCase(),
  );
  if (!sortBy) throw badRequest({ sortBy: `sortBy must be one of: ${responseSortFields.join(', ')}` });
  const onlyOwn = query.mine === true || !staffReads(auth);
  const search = query.search?.trim();
  const where = and(
    eq(fbResponses.enterprise_id, enterpriseId),
    onlyOwn ? eq(fbResponses.user_id, auth.userId) : undefined,
    // Applicants do not see responses of forms closed to them (staff checklists about them).
    staffReads(auth) ? undefined : ne(fbForms.applicant_access, 'none'),
    query.form_id ? eq(fbResponses.form_id, query.form_id) : undefined,
    query.user_id ? eq(fbResponses.user_id, query.user_id) : undefined,
    query.license_request_id ? eq(fbResponses.license_request_id, query.license_request_id) : undefined,
    query.progress !== undefined ? eq(fbResponses.progress, query.progress) : undefined,
    search ? or(ilike(fbForms.name, likeContains(search)), ilike(userName, likeContains(search))) : undefined,
  );
  // Newest first unless told otherwise; the id breaks ties so pages never overlap.
  const dir = (query.reverse ?? !query.sortBy) ? desc : asc;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: fbResponses.id,
        form_id: fbResponses.form_id,
        form_name: fbForms.name,
        form_version: fbResponses.form_version,
        user_id: fbResponses.user_id,
        user_name: userName,
        service_id: fbResponses.service_id,
        license_request_id: fbResponses.license_request_id,
        progress: fbResponses.progress,
        current_page: fbResponses.current_page,
        completed_on: fbResponses.completed_on,
        created_at: fbResponses.created_at,
        updated_at: fbResponses.updated_at,
      })
      .from(fbResponses)
      .innerJoin(fbForms, eq(fbForms.id, fbResponses.form_id))
      .leftJoin(users, eq(users.id, fbResponses.user_id))
      .where(where)
      .orderBy(dir(sortColumns[sortBy]), dir(fbResponses.id))
      .limit(query.numPerPage)
      .offset((query.currentPage - 1) * query.numPerPage),
    db
      .select({ total: countAll })
      .from(fbResponses)
      .innerJoin(fbForms, eq(fbForms.id, fbResponses.form_id))
      .leftJoin(users, eq(users.id, fbResponses.user_id))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      completed_on: r.completed_on ? r.completed_on.toISOString() : null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    total: count?.total ?? 0,
    currentPage: query.currentPage,
    numPerPage: query.numPerPage,
  };
}
