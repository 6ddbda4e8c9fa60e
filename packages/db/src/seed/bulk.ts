import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

/** Inserts rows in multi-row statements (one row at a time is far slower, PGlite most of all). */
export async function insertInChunks<T extends PgTable>(
  db: Tx,
  table: T,
  rows: T['$inferInsert'][],
  chunkSize = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insert(table).values(rows.slice(i, i + chunkSize));
  }
}
