/**
 * The server process of bench/search.ts: our app as main.ts starts it in production (buildApp on
 * PostgreSQL, logger off, realtime hub listening), on 127.0.0.1. The parent talks to it over IPC:
 *
 * - `capture` on/off: records the statements the app sends to pg while one request runs, so the
 *   parent can EXPLAIN exactly what each route ran. The pg wrapper exists only while capturing.
 * - Each request is given its own client address (10.x.y.z), because the public lookups are
 *   rate-limited per address (30 a minute) and the app offers no setting or header to lift that.
 *   Staff routes are unaffected: they are not rate-limited.
 */
import type { IncomingMessage } from 'node:http';
import { openPostgres } from '@licensure/db';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export type ToServer =
  | { type: 'start'; databaseUrl: string; poolSize: number; rotateAddresses: boolean }
  | { type: 'capture'; on: boolean }
  | { type: 'stop' };

export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'capturing' }
  | { type: 'captured'; queries: CapturedQuery[] }
  | { type: 'error'; message: string };

const HOST = '127.0.0.1';

async function start(m: Extract<ToServer, { type: 'start' }>) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: m.databaseUrl,
    DATABASE_POOL_SIZE: String(m.poolSize),
    LOG_LEVEL: 'silent',
    HOST,
    PORT: '0',
  });
  const database = openPostgres(m.databaseUrl, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ config, database, logger: false });
  await app.deps.hub.listen();
  if (m.rotateAddresses) {
    let n = 0;
    // Runs before Fastify's own 'request' listener; HTTP/1.1 requests on a socket come one at a time.
    app.server.prependListener('request', (req: IncomingMessage) => {
      n = (n + 1) % 0xffffff;
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
    });
  }
  await app.listen({ port: 0, host: HOST });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function serve(): Promise<void> {
  const send = (m: FromServer) => process.send?.(m);
  let close: () => Promise<void> = async () => {};
  const originalQuery = pg.Pool.prototype.query;
  let captured: CapturedQuery[] = [];
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
  process.on('message', (m: ToServer) => {
    void (async () => {
      try {
        if (m.type === 'start') {
          const server = await start(m);
          close = server.close;
          send({ type: 'ready', port: server.port });
        } else if (m.type === 'capture' && m.on) {
          captured = [];
          const log = captured;
          pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
            const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[]?];
            log.push(
              typeof config === 'string'
                ? { text: config, values: values ?? [] }
                : { text: config.text, values: values ?? config.values ?? [] },
            );
            return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
          } as typeof originalQuery;
          send({ type: 'capturing' });
        } else if (m.type === 'capture') {
          pg.Pool.prototype.query = originalQuery;
          send({ type: 'captured', queries: captured });
        } else if (m.type === 'stop') {
          await close();
          process.exit(0);
        }
      } catch (err) {
        send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      }
    })();
  });
}
