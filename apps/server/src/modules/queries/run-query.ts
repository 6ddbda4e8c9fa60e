import type { QueryChart, QueryResults } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../triggers/rows';
import type { CatalogueField } from './catalogue';
import { type CompiledQuery, rawValue, selectList } from './compile';

/** Rows are counted up to this many past the end of the page; beyond, the total says "more than". */
export const COUNT_AHEAD = 1000;

type Cell = string | number | boolean | null;

/** A row of c0, c1, ... as the cells of the query's columns. */
export const cellsOf = (q: CompiledQuery, row: Record<string, unknown>): Cell[] =>
  q.columns.map((_, i) => {
    const v = row[`c${i}`];
    return v === undefined ? null : (v as Cell);
  });

/**
 * One page of a compiled query, with the rows counted up to COUNT_AHEAD past the page: a first page
 * never counts a million rows, and the next pages can always be reached.
 */
export async function runPage(
  db: Db | Tx,
  q: CompiledQuery,
  page: number,
  numPerPage: number,
): Promise<QueryResults> {
  const cap = page * numPerPage + COUNT_AHEAD;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select ${selectList(q)} from ${q.subject.table} where ${q.where} order by ${q.orderBy} limit ${numPerPage} offset ${(page - 1) * numPerPage}`,
    ),
    db.execute(
      sql`select count(*)::int as n from (select 1 from ${q.subject.table} where ${q.where} limit ${cap + 1}) counted`,
    ),
  ]);
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  return {
    columns: q.columns.map((c) => ({ field: c.field.id, label: c.label, type: c.field.type })),
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => cellsOf(q, r)),
    total: Math.min(n, cap),
    total_capped: n > cap,
    page,
    numPerPage,
  };
}

/** Rows per value of one field: the 50 commonest (bar), or the first 50 values in order (line). */
export async function runChart(
  db: Db | Tx,
  q: CompiledQuery,
  field: CatalogueField,
  kind: 'bar' | 'line',
): Promise<QueryChart> {
  const value = rawValue(field.access, q.subject);
  const order = kind === 'bar' ? sql`count desc, value asc nulls last` : sql`value asc nulls last`;
  const rows = await db.execute(
    sql`select (${value})::text as value, count(*)::int as count from ${q.subject.table} where ${q.where} group by 1 order by ${order} limit 50`,
  );
  return {
    field: field.id,
    label: field.label,
    kind,
    points: rowsOf<{ value: string | null; count: number }>(rows).map((r) => ({
      value: r.value,
      count: Number(r.count),
    })),
  };
}
