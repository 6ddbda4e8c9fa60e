import type { ListQuery, ResourceSpec } from '@licensure/contracts';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors';

type Columns = Record<string, PgColumn>;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of a list: tenant, equality filters and the search text. */
export function listWhere(
  spec: ResourceSpec,
  columns: Columns,
  enterpriseId: string,
  query: ListQuery & Record<string, unknown>,
): SQL | undefined {
  const col = (name: string) => columns[name] as PgColumn;
  const conditions: (SQL | undefined)[] = [eq(col('enterprise_id'), enterpriseId)];
  for (const [param, field] of Object.entries(spec.filters)) {
    const value = query[param];
    if (value === undefined || value === '' || field === 'enterprise_id') continue;
    conditions.push(eq(col(field), value));
  }
  const search = query.search?.trim();
  if (search && spec.searchable.length > 0) {
    conditions.push(or(...spec.searchable.map((f) => ilike(col(f), likeContains(search)))));
  }
  return and(...conditions);
}

export function sortableFields(spec: ResourceSpec): string[] {
  return [
    ...spec.fields.filter((f) => f.kind !== 'uuids' && f.kind !== 'longtext').map((f) => f.name),
    'created_at',
    'updated_at',
  ];
}

/** ORDER BY for sortBy/reverse, with the id as tie-breaker so pages never overlap. */
export function listOrder(spec: ResourceSpec, columns: Columns, query: ListQuery): SQL[] {
  const sortBy = query.sortBy ?? spec.defaultSort;
  const allowed = sortableFields(spec);
  const match = allowed.find((f) => f.toLowerCase() === sortBy.toLowerCase());
  if (!match) throw badRequest({ sortBy: `sortBy must be one of: ${allowed.join(', ')}` });
  const dir = query.reverse ? desc : asc;
  const field = spec.fields.find((f) => f.name === match);
  const column = columns[match] as PgColumn;
  // Text sorts case-insensitively, as people expect of names and labels.
  const order = [dir(field?.kind === 'text' ? sql`lower(${column})` : column)];
  if (match !== 'label' && columns.label) order.push(asc(columns.label));
  order.push(asc(columns.id as PgColumn));
  return order;
}

export const countAll = sql<number>`cast(count(*) as integer)`;
export type { PgTable };
