import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../http/errors';

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

export const countAll = sql<number>`cast(count(*) as integer)`;

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
