import type { Row } from './types';

/** A row as JSON sends it: timestamps as ISO strings (dates stored as text stay as they are). */
export function isoRow<T extends Row>(row: T): T {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as T;
}

/** Only the named keys of a row, timestamps as ISO strings: a presenter that leaks no column. */
export const pick =
  <K extends string>(keys: readonly K[]) =>
  (row: Row): Record<K, unknown> =>
    isoRow(Object.fromEntries(keys.map((k) => [k, row[k] ?? null]))) as Record<K, unknown>;
