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
  /**
   * For named statements whose plan PostgreSQL makes once and keeps (plan_cache_mode
   * force_generic_plan on a small pool of its own): the hot searches, written so that a plan made
   * without the values still reads their indexes (ranges of placeholders, never `like $1` on a
   * b-tree). On PGlite, `db` itself: one connection, each statement planned as it runs.
   */
  planned: Db;
  notifier: Notifier;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, for the embedded database only (tests dump it as a template). */
  pglite?: PGlite;
  /** The PostgreSQL server's address, for the server only (the job queue opens its own pool). */
  connectionString?: string;
  /** Connections of each pool (PostgreSQL only): open, idle, and callers waiting for one (metrics). */
  poolStats?(): PoolStats[];
}

export interface PoolStats {
  pool: 'main' | 'planned';
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Extensions the schema uses (trigram indexes for name search). */
export const pgliteExtensions = { pg_trgm };

export function fromPglite(pglite: PGlite): Database {
  // The pglite and node-postgres drivers share PgDatabase; the casts pick that common type.
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    planned: db,
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

export interface PostgresOptions {
  /**
   * Told of connection trouble the pool survives: a connection that broke, idle (the pool has dropped it)
   * or in use (its statement fails; the pool drops it when released), or the LISTEN connection lost and
   * being opened again. Defaults to nothing.
   */
  onConnectionError?: (err: Error, where: 'idle' | 'in use' | 'listen') => void;
  /**
   * The longest a query waits for a connection, queue included (default 15 s); then it fails (a 503).
   * Long enough that a busy pool only queues; short enough that a server that stopped answering (not
   * refusing) does not hold requests until TCP gives up, minutes later.
   */
  connectionTimeoutMs?: number;
  /** Delay before the LISTEN connection is opened again after losing it (default 500 ms, then doubling up to 5 s). */
  listenRetryMs?: number;
}

/**
 * A pool on a PostgreSQL server that outlives the server's restarts: a broken connection is dropped
 * (never an unhandled 'error' event, which would end the process), a query waits a bounded time for a
 * connection instead of forever, and the LISTEN connection is opened again with its channels.
 * Notifications sent while it is down are lost: listeners must tolerate that (the session cache has a
 * short TTL for it).
 */
export function openPostgres(
  connectionString: string,
  poolSize = 10,
  options: PostgresOptions = {},
): Database {
  const report = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 15_000,
    keepAlive: true,
  });
  // An idle client whose connection broke: the pool removes it; without a listener, the process would exit.
  pool.on('error', (err) => report(err, 'idle'));
  // A checked-out client has no listener of the pool's: one whose connection breaks between two
  // statements of a transaction (PostgreSQL restarting) would emit an unhandled 'error' and end the
  // process. Its next statement fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', (err) => report(err, 'in use')));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Searches are many, short and alike: planning them anew each time cost more than running them.
  const plannedPool = new pg.Pool({
    connectionString,
    max: Math.max(2, Math.ceil(poolSize / 2)),
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 15_000,
    keepAlive: true,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  plannedPool.on('error', (err) => report(err, 'idle'));
  plannedPool.on('connect', (client) => client.on('error', (err) => report(err, 'in use')));
  const planned = drizzlePg(plannedPool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: Promise<pg.PoolClient> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  /** The LISTEN connection, opened (with every channel listened to so far) when there is none. */
  function listenConnection(): Promise<pg.PoolClient> {
    listenClient ??= (async () => {
      const client = await pool.connect();
      let lost = false;
      const onLost = (err: Error) => {
        if (lost || closed) return;
        lost = true;
        report(err, 'listen');
        listenClient = undefined;
        // Destroys the broken connection rather than returning it to the pool.
        client.release(err);
        reconnect(options.listenRetryMs ?? 500);
      };
      client.on('error', onLost);
      client.on('end', () => onLost(new Error('the LISTEN connection ended')));
      client.on('notification', (msg) => {
        for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      try {
        for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        onLost(err as Error);
        throw err;
      }
      return client;
    })();
    const opening = listenClient;
    opening.catch(() => {
      if (listenClient === opening) listenClient = undefined;
    });
    return opening;
  }

  function reconnect(delay: number) {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || listenClient) return;
      listenConnection().catch(() => reconnect(Math.min(delay * 2, 5_000)));
    }, delay);
    retryTimer.unref();
  }

  return {
    kind: 'postgres',
    db,
    planned,
    connectionString,
    poolStats: () =>
      (
        [
          ['main', pool],
          ['planned', plannedPool],
        ] as const
      ).map(([name, p]) => ({
        pool: name,
        total: p.totalCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
        max: p.options.max ?? 10,
      })),
    notifier: {
      async listen(channel, onPayload) {
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          const client = await listenConnection();
          // A connection opened before this channel was added does not listen to it yet.
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } else {
          await listenConnection();
        }
        set.add(onPayload);
        const own = set;
        return async () => {
          own.delete(onPayload);
        };
      },
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = await listenClient?.catch(() => undefined);
      client?.removeAllListeners('end');
      client?.release();
      await Promise.all([pool.end(), plannedPool.end()]);
    },
  };
}
