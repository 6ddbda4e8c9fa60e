import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { onCleanup } from './cleanup';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free TCP port on 127.0.0.1 (the preferred one when free). */
export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(null));
      s.listen(port, '127.0.0.1', () => {
        const got = (s.address() as { port: number }).port;
        s.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || ((await tryPort(0)) as number);
}

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  /** pg_ctl stop: fast (disconnects clients, checkpoint) or immediate (like a crash: recovery on start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
}

/** Runs a PostgreSQL binary as the postgres user (initdb refuses root). */
function asPostgres(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const file = asRoot ? 'runuser' : path.join(BIN, bin);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(BIN, bin), ...args] : args;
  return run(file, argv, { timeout: 120_000 });
}

/**
 * A private PostgreSQL 15 cluster in a temp folder owned by postgres, on its own port: never the
 * machine's shared server on 5432, which others test against. Stopped and removed by cleanup.
 */
/** `settings`: more `-c name=value` server settings (e.g. shared_preload_libraries=pg_stat_statements). */
export async function startPrivateCluster(preferredPort = 55433, settings: string[] = []): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'licensure-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  onCleanup('remove the cluster folder', () => rm(dir, { recursive: true, force: true }));
  const port = await freePort(preferredPort);
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${settings.map((x) => ` -c ${x}`).join('')}`;
  const log = path.join(dir, 'postgres.log');
  let up = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      await asPostgres('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', log, '-o', options]);
      up = true;
    },
    async stop(mode) {
      await asPostgres('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
      up = false;
    },
  };
  onCleanup('stop the private cluster', async () => {
    if (up) await cluster.stop('immediate').catch(() => {});
  });
  await cluster.start();
  return cluster;
}

/** Runs fn on a client of the cluster, closed afterwards. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
