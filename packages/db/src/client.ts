import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction on it; write helpers take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** LISTEN/NOTIFY, the channel through which server processes share realtime events. */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  notifier: Notifier;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, for the embedded database only (tests dump it as a template). */
  pglite?: PGlite;
  /** The PostgreSQL server's address, for the server only (the job queue opens its own pool). */
  connectionString?: string;
}

/** Extensions the schema uses (trigram indexes for name search). */
export const pgliteExtensions = { pg_trgm };

export function fromPglite(pglite: PGlite): Database {
  // The pglite and node-postgres drivers share PgDatabase; the casts pick that common type.
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    notifier: {
      async listen(channel, onPayload) {
        const unsubscribe = await pglite.listen(channel, onPayload);
        return unsubscribe;
      },
      async notify(channel, payload) {
        await pglite.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
    close: () => pglite.close(),
  };
}

/** The embedded database in a folder (created if missing), or in memory without one. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: pgliteExtensions });
  return fromPglite(pglite);
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.PoolClient | undefined;
  return {
    kind: 'postgres',
    db,
    connectionString,
    notifier: {
      async listen(channel, onPayload) {
        if (!listenClient) {
          listenClient = await pool.connect();
          listenClient.on('notification', (msg) => {
            for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
          });
        }
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          await listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
        set.add(onPayload);
        return async () => {
          set.delete(onPayload);
        };
      },
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    async close() {
      listenClient?.release();
      await pool.end();
    },
  };
}
