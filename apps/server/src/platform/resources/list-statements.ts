import type { ListQuery } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  ilike,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context';
import { badRequest } from '../http/errors';
import { mapRowsFlat } from './fast-rows';
import { countAll, escapeLike } from './list-query';
import type { Condition, Resource, Row } from './types';

export type ListParams = ListQuery & Record<string, unknown> & { alphaFilter?: string };

/** What makes two list requests one statement: filters given, search, letter, order and row scope. */
interface Shape {
  filters: string[];
  search: boolean;
  alpha: boolean;
  sortBy: string;
  reverse: boolean;
  scope: string | null;
  /** Deleted rows listed too (`softDelete.listParam`). */
  deleted: boolean;
}

/** The live-row condition of a table with `deleted_at`, else nothing. */
export function liveRows(resource: Resource): Condition {
  const deleted = (getTableColumns(resource.table) as Record<string, PgColumn>).deleted_at;
  return deleted ? isNull(deleted) : undefined;
}

/** The columns a list or get selects: the table's, then the joined extras. */
export function selection(resource: Resource) {
  return { ...getTableColumns(resource.table), ...(resource.columns ?? {}) } as Record<string, PgColumn>;
}

let statementCounter = 0;

/**
 * The page and count statements of a resource. Each distinct shape is built and prepared once, then
 * run with parameters (tenant, caller, filter values, search text, limit, offset), so neither drizzle
 * nor PostgreSQL re-plans a list it has seen.
 */
export function createListStatements(db: Db, resource: Resource) {
  const columns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const sortKeys = Object.keys(resource.sort);
  const filters = resource.filters ?? {};
  const live = liveRows(resource);
  const withDeleted = resource.softDelete?.listParam;

  function shapeOf(q: ListParams, auth: AuthContext | null): Shape {
    const wanted = (q.sortBy ?? resource.defaultSort).toLowerCase();
    const sortBy = sortKeys.find((k) => k.toLowerCase() === wanted);
    if (!sortBy) throw badRequest({ sortBy: `sortBy must be one of: ${sortKeys.join(', ')}` });
    return {
      filters: Object.keys(filters).filter((p) => q[p] !== undefined && q[p] !== ''),
      search: !!q.search?.trim() && (resource.search?.length ?? 0) > 0,
      alpha: !!q.alphaFilter && !!resource.alpha,
      sortBy,
      reverse: q.reverse === true,
      scope: resource.scope?.(auth)?.name ?? null,
      deleted: !!withDeleted && q[withDeleted] === true,
    };
  }

  function paramsOf(enterpriseId: string, auth: AuthContext | null, shape: Shape, q: ListParams) {
    const params: Row = {
      enterprise_id: enterpriseId,
      auth_user: auth?.userId ?? '00000000-0000-0000-0000-000000000000',
      limit: q.numPerPage,
      offset: (q.currentPage - 1) * q.numPerPage,
    };
    for (const p of shape.filters)
      params[`f_${p}`] = filters[p]?.op === 'prefix' ? `${escapeLike(String(q[p]))}%` : q[p];
    if (shape.search) params.search = `%${escapeLike(q.search!.trim())}%`;
    if (shape.alpha) params.alpha = `${escapeLike(String(q.alphaFilter).slice(0, 1))}%`;
    return params;
  }

  function where(shape: Shape, auth: AuthContext | null): SQL | undefined {
    const conditions: Condition[] = [
      eq(columns.enterprise_id as PgColumn, sql.placeholder('enterprise_id')),
      shape.deleted ? undefined : live,
    ];
    for (const p of shape.filters) {
      const f = filters[p]!;
      conditions.push(
        f.where
          ? f.where(sql.placeholder(`f_${p}`))
          : f.op === 'prefix'
            ? ilike(f.column as PgColumn, sql.placeholder(`f_${p}`))
            : eq(f.column as PgColumn, sql.placeholder(`f_${p}`)),
      );
    }
    if (shape.search)
      conditions.push(
        or(...(resource.search ?? []).map((c) => ilike(c as PgColumn, sql.placeholder('search')))),
      );
    if (shape.alpha) conditions.push(ilike(resource.alpha as PgColumn, sql.placeholder('alpha')));
    if (shape.scope) conditions.push(resource.scope?.(auth)?.where(sql.placeholder('auth_user')));
    return and(...conditions);
  }

  const thenBy = (sortBy: string) => {
    const t = resource.thenBy;
    if (!t || sortBy === 'label') return [];
    return (Array.isArray(t) ? t : [t]).map((x: SQLWrapper) => asc(x as SQL));
  };

  function build(shape: Shape, auth: AuthContext | null) {
    const w = where(shape, auth);
    const dir = shape.reverse ? desc : asc;
    const joins = resource.joins ?? ((q) => q);
    const page = joins(db.select(selection(resource)).from(resource.table).$dynamic())
      .where(w)
      .orderBy(
        ...[resource.sort[shape.sortBy]!].flat().map((x) => dir(x as SQL)),
        ...thenBy(shape.sortBy),
        asc(columns.id as PgColumn),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const count = joins(db.select({ total: countAll }).from(resource.table).$dynamic()).where(w);
    return { page, count };
  }

  type Params = Row;
  type Prepared = {
    page: { execute: (p: Params) => Promise<Row[]> };
    count: { execute: (p: Params) => Promise<{ total: number }[]> };
  };
  const prepared = new Map<string, Prepared>();
  function statements(shape: Shape, auth: AuthContext | null): Prepared {
    const key = JSON.stringify(shape);
    let s = prepared.get(key);
    if (!s) {
      const built = build(shape, auth);
      const n = ++statementCounter;
      s = {
        page: mapRowsFlat(built.page.prepare(`list_${n}`)),
        count: built.count.prepare(`count_${n}`),
      };
      if (prepared.size >= 500) prepared.delete(prepared.keys().next().value as string);
      prepared.set(key, s);
    }
    return s;
  }

  return {
    async page(enterpriseId: string, auth: AuthContext | null, q: ListParams) {
      const shape = shapeOf(q, auth);
      const s = statements(shape, auth);
      const params = paramsOf(enterpriseId, auth, shape, q);
      const [items, [count]] = await Promise.all([s.page.execute(params), s.count.execute(params)]);
      return { items, total: count?.total ?? 0, currentPage: q.currentPage, numPerPage: q.numPerPage };
    },
    async count(enterpriseId: string, auth: AuthContext | null, q: ListParams) {
      const shape = shapeOf(q, auth);
      const [row] = await statements(shape, auth).count.execute(paramsOf(enterpriseId, auth, shape, q));
      return row?.total ?? 0;
    },
    /** The SQL and parameters a list request runs (for the benchmark and for debugging). */
    sqlFor(enterpriseId: string, auth: AuthContext | null, q: ListParams) {
      const shape = shapeOf(q, auth);
      const built = build(shape, auth);
      const values = paramsOf(enterpriseId, auth, shape, q);
      const fill = (x: { sql: string; params: unknown[] }) => ({
        sql: x.sql,
        params: fillPlaceholders(x.params, values),
      });
      return { page: fill(built.page.toSQL()), count: fill(built.count.toSQL()) };
    },
  };
}
