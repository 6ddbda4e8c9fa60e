/**
 * npm run export -- DIR [--with-ssn]
 *
 * Writes every table of the application as CSV (UTF-8, header row) into DIR/tables, the uploaded files
 * into DIR/files and DIR/manifest.json (row counts, SHA-256 of each file). Reads DATABASE_URL when set;
 * otherwise the embedded database in DATA_DIR, which must not be in use by a running server (export a
 * restored backup instead: npm run restore -- FILE DIR, then DATA_DIR=DIR npm run export -- OUT).
 * SSNs are left out unless --with-ssn is given, and then SSN_KEY (or DATA_DIR/ssn.key) decrypts them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres } from '@licensure/db';
import { lockDataDir } from '../apps/server/src/platform/data-dir-lock';
import { exportData } from '../apps/server/src/platform/ops/export/export-data';
import { ensureEmptyDir, fail } from './cli';

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const withSsn = args.includes('--with-ssn');
  if (!dir) fail('Usage: npm run export -- DIR [--with-ssn]');
  await ensureEmptyDir(dir);
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  let ssnKey: string | undefined;
  if (withSsn) {
    ssnKey =
      process.env.SSN_KEY ??
      (await readFile(path.join(dataDir, 'ssn.key'), 'utf8').then(
        (k) => k.trim(),
        () => undefined,
      ));
    if (!ssnKey) fail('--with-ssn needs the key: set SSN_KEY (or keep DATA_DIR/ssn.key beside the data).');
  }
  const url = process.env.DATABASE_URL;
  const unlock = url ? undefined : await lockDataDir(dataDir);
  const database = url ? openPostgres(url, 2) : await openPglite(path.join(dataDir, 'pgdata'));
  const started = Date.now();
  try {
    const manifest = await exportData(database, {
      dir,
      filesDir: process.env.FILES_DIR ?? path.join(dataDir, 'files'),
      ssnKey,
      onTable: (table, rows) => {
        if (rows > 0) process.stdout.write(`  ${table}: ${rows} rows\n`);
      },
    });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    process.stdout.write(
      `Exported ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files to ${dir} ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; SSNs ${manifest.ssn}.\n`,
    );
  } finally {
    await database.close();
    await unlock?.();
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
