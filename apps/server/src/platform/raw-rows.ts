/** The rows of a raw `db.execute` answer: PGlite gives `{rows}`, node-postgres a result with `rows` too. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
