/**
 * npm run restore -- FILE DIR
 *
 * Restores a backup into DIR, a new data folder (never over the running one): pgdata, files, ssn.key.
 * Then start the server on it: DATA_DIR=DIR npm start. A PostgreSQL backup leaves DIR/pg_dump.custom
 * and the files: pg_restore --no-owner -d postgres://…/new_database DIR/pg_dump.custom.
 */
import { restoreBackup } from '../apps/server/src/platform/ops/backup/restore-backup';
import { ensureEmptyDir, fail } from './cli';

async function main() {
  const [file, dir] = process.argv.slice(2);
  if (!file || !dir) fail('Usage: npm run restore -- FILE DIR   (DIR: a new, empty data folder)');
  await ensureEmptyDir(dir);
  const r = await restoreBackup(file, dir);
  const next =
    r.database === 'pglite'
      ? `start the server on it: DATA_DIR=${dir} npm start`
      : `load the database: pg_restore --no-owner -d postgres://…/new_database ${dir}/pg_dump.custom`;
  process.stdout.write(`Restored ${r.entries} entries into ${dir}; ${next}\n`);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
