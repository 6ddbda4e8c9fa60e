import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@licensure/db';
import { readArchive } from './archive';

/**
 * Restores a backup file into a new data folder: `pgdata` (PGlite loads the dump and recovers it as
 * after a crash), `files` and `ssn.key`. A PostgreSQL backup's dump is left as `pg_dump.custom` in the
 * folder for pg_restore into an empty database (docs/operations.md).
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
): Promise<{ database: string; entries: number }> {
  const staging = path.join(dataDir, '.restore');
  const header = await readArchive(file, (name) => {
    const safe = path.normalize(name);
    if (safe.startsWith('..') || path.isAbsolute(safe)) throw new Error(`unsafe entry name ${name}`);
    return name === 'pgdata.tar' ? path.join(staging, name) : path.join(dataDir, safe);
  });
  if (header.database === 'pglite') {
    const dump = await readFile(path.join(staging, 'pgdata.tar'));
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pgdata'),
      loadDataDir: new Blob([dump]),
      extensions: pgliteExtensions,
    });
    await pglite.query('checkpoint');
    await pglite.close();
    const { rm } = await import('node:fs/promises');
    await rm(staging, { recursive: true, force: true });
  }
  return { database: header.database, entries: header.entries.length };
}
