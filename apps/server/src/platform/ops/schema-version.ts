import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, migrationsFolder } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../raw-rows';

/** The migrations this code ships: drizzle's journal, each with the time drizzle records for it. */
export function knownMigrations(folder = migrationsFolder): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export interface SchemaState {
  /** Migrations recorded in the database (drizzle.__drizzle_migrations), 0 for an empty database. */
  applied: number;
  /** Migrations this code ships. */
  known: number;
  /** The last migration the database records, as drizzle stamps it (its journal time). */
  lastApplied: number | null;
  lastKnown: number;
  /** The database was migrated by a newer release than this code. */
  newer: boolean;
  /** Every migration of this code is applied and nothing newer is. */
  current: boolean;
}

/** What the database's migration table says against this code's journal. */
export async function schemaState(database: Database): Promise<SchemaState> {
  const known = knownMigrations();
  const lastKnown = known.at(-1)?.when ?? 0;
  const exists = rowsOf<{ t: string | null }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  );
  let applied = 0;
  let lastApplied: number | null = null;
  if (exists[0]?.t) {
    const [r] = rowsOf<{ n: number; last: string | null }>(
      await database.db.execute(
        sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
      ),
    );
    applied = Number(r?.n ?? 0);
    lastApplied = r?.last ? Number(r.last) : null;
  }
  const newer = lastApplied !== null && lastApplied > lastKnown;
  return {
    applied,
    known: known.length,
    lastApplied,
    lastKnown,
    newer,
    current: !newer && applied >= known.length && lastApplied === lastKnown,
  };
}

export class SchemaNewerError extends Error {}

/**
 * Refuses a database a newer release has migrated: this code does not know its tables, and drizzle
 * would start on it silently (it applies only migrations later than the database's last one).
 */
export async function refuseNewerSchema(database: Database): Promise<void> {
  const state = await schemaState(database);
  if (!state.newer) return;
  const at = (ms: number) => new Date(ms).toISOString();
  throw new SchemaNewerError(
    `The database was upgraded by a newer release: its last migration is from ${at(state.lastApplied ?? 0)}, ` +
      `this code knows migrations up to ${at(state.lastKnown)} (${state.known} of them, the database has ` +
      `${state.applied}). Start the release that upgraded it, or restore the backup taken before the ` +
      'upgrade; never run an older release on a newer database.',
  );
}
