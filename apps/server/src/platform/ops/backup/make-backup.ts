import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '@licensure/db';
import { listFiles } from '../export/copy-files';
import { knownMigrations } from '../schema-version';
import { type EntrySource, writeArchive } from './archive';

/** The uploaded files and the SSN key file (when the key lives in the data folder) as archive entries. */
async function folderEntries(dataDir: string): Promise<EntrySource[]> {
  const entries: EntrySource[] = [];
  const filesDir = path.join(dataDir, 'files');
  for (const rel of await listFiles(filesDir)) {
    const file = path.join(filesDir, rel);
    entries.push({ name: `files/${rel}`, size: (await stat(file)).size, file });
  }
  const key = await readFile(path.join(dataDir, 'ssn.key')).catch(() => undefined);
  if (key) entries.push({ name: 'ssn.key', size: key.length, bytes: key });
  return entries;
}

const header = (database: 'pglite' | 'postgres') => ({
  format: 'licensure-backup-1' as const,
  createdAt: new Date().toISOString(),
  database,
  schema: knownMigrations().at(-1)?.tag ?? '',
});

/**
 * A backup of the running embedded database: PGlite's dump of its data folder, taken while it holds
 * the query lock (so no statement runs during it: a committed transaction is in, an open one is
 * rolled back on restore, as after a crash), then the uploaded files. The server keeps serving.
 */
export async function backupPglite(database: Database, dataDir: string, out: Writable): Promise<void> {
  if (!database.pglite) throw new Error('not an embedded database');
  const dump = new Uint8Array(await (await database.pglite.dumpDataDir('none')).arrayBuffer());
  const entries: EntrySource[] = [{ name: 'pgdata.tar', size: dump.length, bytes: dump }];
  await writeArchive(header('pglite'), [...entries, ...(await folderEntries(dataDir))], out);
}

/** A backup of a PostgreSQL database: pg_dump's custom format (one snapshot), then the uploaded files. */
export async function backupPostgres(databaseUrl: string, dataDir: string, out: Writable): Promise<void> {
  const dumpFile = path.join(path.dirname(path.resolve(dataDir)), `.pg_dump-${process.pid}-${Date.now()}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, databaseUrl], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${stderr.trim()}`)),
      );
    });
    const entries: EntrySource[] = [
      { name: 'pg_dump.custom', size: (await stat(dumpFile)).size, file: dumpFile },
    ];
    await writeArchive(header('postgres'), [...entries, ...(await folderEntries(dataDir))], out);
  } finally {
    await rm(dumpFile, { force: true });
  }
}

/** Writes to `file` through a temporary name, so a failed backup never looks like a good one. */
export async function writeBackupFile(file: string, write: (out: Writable) => Promise<void>): Promise<void> {
  const temp = `${file}.part`;
  try {
    await write(createWriteStream(temp));
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
