import { rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import type { Database } from '@licensure/db';
import { backupPglite, writeBackupFile } from './make-backup';

/**
 * The embedded database's folder is locked by the running server, so a backup is asked of the server
 * itself, over a Unix socket in the data folder: only the server's own OS user may connect (mode 0600),
 * no network port, no token to leak. `npm run backup -- FILE` is its client.
 */
export const opsSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'ops.sock');

export async function startOpsSocket(
  database: Database,
  dataDir: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<Server> {
  const socket = opsSocketPath(dataDir);
  // A socket left by a process that was killed; the data folder's lock says none other runs.
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const started = Date.now();
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    backupPglite(database, dataDir, res).then(
      () => log.info({ ms: Date.now() - started }, 'backup streamed'),
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        res.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  await chmod(socket, 0o600);
  server.on('close', () => rmSync(socket, { force: true }));
  return server;
}

/** The client: asks the running server of `dataDir` for a backup and writes it to `file`. */
export async function requestBackup(dataDir: string, file: string): Promise<void> {
  await writeBackupFile(
    file,
    (out) =>
      new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          { socketPath: opsSocketPath(dataDir), method: 'POST', path: '/backup' },
          (res) => {
            if (res.statusCode !== 200) {
              reject(new Error(`the server answered ${res.statusCode}`));
              res.resume();
              return;
            }
            res.on('error', reject);
            res.on('aborted', () => reject(new Error('the server stopped the backup (see its log)')));
            out.on('error', reject);
            out.on('finish', () =>
              res.complete ? resolve() : reject(new Error('the backup was cut short')),
            );
            res.pipe(out);
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) =>
          reject(
            err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
              ? new Error(
                  `No server is running on ${path.resolve(dataDir)} (no ${opsSocketPath(dataDir)}). ` +
                    'With the server stopped, copy the data folder instead.',
                )
              : err,
          ),
        );
        req.end();
      }),
  );
}
