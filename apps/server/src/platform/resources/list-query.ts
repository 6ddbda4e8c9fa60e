import type { ListQuery, ResourceSpec } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors';

type Columns = Record<string, PgColumn>;
type Query = ListQuery & Record<string, unknown>;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

export const countAll = sql<number>`cast(count(*) as integer)`;

export function sortableFields(spec: ResourceSpec): string[] {
  return [
    ...spec.fields.filter((f) => f.kind !== 'uuids' && f.kind !== 'longtext').map((f) => f.name),
    'created_at',
    'updated_at',
  ];
}

/** What makes two list requests the same statement: filters given, search or not, and the order. */
interface Shape {
  filters: string[];
  search: boolean;
  sortBy: string;
  reverse: boolean;
}

function shapeOf(spec: ResourceSpec, query: Query): Shape {
  const sortBy = query.sortBy ?? spec.defaultSort;
  const allowed = sortableFields(spec);
  const match = allowed.find((f) => f.toLowerCase() === sortBy.toLowerCase());
  if (!match) throw badRequest({ sortBy: `sortBy must be one of: ${allowed.join(', ')}` });
  return {
    filters: Object.keys(spec.filters).filter(
      (p) => query[p] !== undefined && query[p] !== '' && spec.filters[p] !== 'enterprise_id',
    ),
    search: !!query.search?.trim() && spec.searchable.length > 0,
    sortBy: match,
    reverse: query.reverse === true,
  };
}

function paramsOf(enterpriseId: string, shape: Shape, query: Query) {
  const params: Record<string, unknown> = {
    enterprise_id: enterpriseId,
    limit: query.numPerPage,
    offset: (query.currentPage - 1) * query.numPerPage,
  };
  for (const p of shape.filters) params[`f_${p}`] = query[p];
  if (shape.search) params.search = likeContains(query.search!.trim());
  return params;
}

let statementCounter = 0;

/**
 * The page and count statements of a resource list. Each distinct shape is built and prepared once,
 * then run with parameters: tenant, filter values, search text, limit and offset.
 */
export function createListQueries(db: Db, spec: ResourceSpec, table: PgTable) {
  const columns = getTableColumns(table) as Columns;
  const col = (name: string) => columns[name] as PgColumn;

  function build(shape: Shape) {
    const conditions: (SQL | undefined)[] = [eq(col('enterprise_id'), sql.placeholder('enterprise_id'))];
    for (const p of shape.filters) conditions.push(eq(col(spec.filters[p]!), sql.placeholder(`f_${p}`)));
    if (shape.search)
      conditions.push(or(...spec.searchable.map((f) => ilike(col(f), sql.placeholder('search')))));
    const where = and(...conditions);
    const dir = shape.reverse ? desc : asc;
    const sortColumn = col(shape.sortBy);
    const isText = spec.fields.find((f) => f.name === shape.sortBy)?.kind === 'text';
    // Text sorts case-insensitively, as people expect of names and labels; the id breaks ties.
    const order = [dir(isText ? sql`lower(${sortColumn})` : sortColumn)];
    if (shape.sortBy !== 'label' && columns.label) order.push(asc(columns.label));
    order.push(asc(col('id')));
    return {
      page: db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
      count: db.select({ total: countAll }).from(table).where(where),
    };
  }

  type Params = Record<string, unknown>;
  const prepared = new Map<
    string,
    {
      page: { execute: (p: Params) => Promise<Record<string, unknown>[]> };
      count: { execute: (p: Params) => Promise<{ total: number }[]> };
    }
  >();
  function statements(shape: Shape) {
    const key = JSON.stringify(shape);
    let s = prepared.get(key);
    if (!s) {
      const built = build(shape);
      const n = ++statementCounter;
      s = { page: built.page.prepare(`list_${n}`), count: built.count.prepare(`count_${n}`) };
      if (prepared.size >= 500) prepared.delete(prepared.keys().next().value as string);
      prepared.set(key, s);
    }
    return s;
  }

  return {
    async page(enterpriseId: string, query: Query) {
      const shape = shapeOf(spec, query);
      const s = statements(shape);
      const params = paramsOf(enterpriseId, shape, query);
      const [items, [count]] = await Promise.all([s.page.execute(params), s.count.execute(params)]);
      return {
        items,
        total: count?.total ?? 0,
        currentPage: query.currentPage,
        numPerPage: query.numPerPage,
      };
    },
    async count(enterpriseId: string, query: Query) {
      const shape = shapeOf(spec, query);
      const [row] = await statements(shape).count.execute(paramsOf(enterpriseId, shape, query));
      return row?.total ?? 0;
    },
    /** The SQL and parameters a list request runs (for the benchmark and for debugging). */
    sqlFor(enterpriseId: string, query: Query) {
      const shape = shapeOf(spec, query);
      const built = build(shape);
      const values = paramsOf(enterpriseId, shape, query);
      const fill = (q: { sql: string; params: unknown[] }) => ({
        sql: q.sql,
        params: fillPlaceholders(q.params, values),
      });
      return { page: fill(built.page.toSQL()), count: fill(built.count.toSQL()) };
    },
  };
}

/**
 * The ORDER BY term of a hand-written list: `sortBy` (case-insensitive) among the sortable
 * expressions, else the default; reverse sorts descending; empty values come last either way.
 * An unknown sortBy is a 400 naming it.
 */
export function sortTerm(
  sortable: Record<string, SQL>,
  q: { sortBy?: string | undefined; reverse?: boolean | undefined },
  fallback: string,
): SQL {
  const wanted = (q.sortBy ?? fallback).toLowerCase();
  const key = Object.keys(sortable).find((k) => k.toLowerCase() === wanted);
  const expr = key ? sortable[key] : undefined;
  if (!expr) throw badRequest({ sortBy: `sortBy must be one of: ${Object.keys(sortable).join(', ')}` });
  return q.reverse ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
}
