/**
 * npm run backup -- FILE
 *
 * A consistent backup while the server runs. Embedded database: asks the running server of DATA_DIR
 * (through DATA_DIR/ops.sock) for PGlite's dump of its data folder plus the uploaded files and the SSN
 * key file. DATABASE_URL: pg_dump (one snapshot) plus the uploaded files of DATA_DIR (or FILES_DIR's
 * parent). Restore with `npm run restore -- FILE DIR`.
 */
import path from 'node:path';
import { backupPostgres, writeBackupFile } from '../apps/server/src/platform/ops/backup/make-backup';
import { requestBackup } from '../apps/server/src/platform/ops/backup/ops-socket';
import { fail } from './cli';

async function main() {
  const file = process.argv[2];
  if (!file) fail('Usage: npm run backup -- FILE');
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const started = Date.now();
  const url = process.env.DATABASE_URL;
  if (url) await writeBackupFile(file, (out) => backupPostgres(url, dataDir, out));
  else await requestBackup(dataDir, file);
  process.stdout.write(`Backed up to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
