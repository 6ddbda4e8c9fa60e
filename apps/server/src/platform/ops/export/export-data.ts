import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { decryptSsn } from '../../crypto/ssn';
import { rowsOf } from '../../raw-rows';
import { knownMigrations } from '../schema-version';
import { type CopiedFile, copyUploads } from './copy-files';
import { csvLine } from './csv';

export interface ExportOptions {
  /** Folder to write into (created; must be empty or new). */
  dir: string;
  /** DATA_DIR/files, the uploaded files; skipped when absent (PostgreSQL with files elsewhere). */
  filesDir?: string;
  /** Write people's SSNs in clear (column `ssn`) with this key; without it they are left out. */
  ssnKey?: string;
  /** Rows fetched at a time from each table's cursor (bounded memory). */
  batchSize?: number;
  onTable?: (table: string, rows: number) => void;
}

export interface TableEntry {
  table: string;
  file: string;
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface ExportManifest {
  format: 'licensure-export-1';
  createdAt: string;
  /** The last migration of the code that wrote it: the schema the CSV columns follow. */
  schema: string;
  ssn: 'omitted' | 'included';
  tables: TableEntry[];
  files: CopiedFile[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes a chunk, waiting when the file's buffer is full (bounded memory). */
async function write(out: WriteStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

/**
 * Every table of the application as CSV (UTF-8, header row), read in one REPEATABLE READ snapshot
 * through a cursor per table, so the tables agree with each other and memory stays bounded whatever
 * their size; then the uploaded files, and a manifest with row counts and SHA-256 checksums.
 */
export async function exportData(database: Database, options: ExportOptions): Promise<ExportManifest> {
  const batch = options.batchSize ?? 5000;
  await mkdir(path.join(options.dir, 'tables'), { recursive: true });
  const tables: TableEntry[] = [];
  await database.db.transaction(
    async (tx) => {
      const names = rowsOf<{ name: string }>(
        await tx.execute(sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
      ).map((r) => r.name);
      for (const table of names) {
        const columns = rowsOf<{ name: string }>(
          await tx.execute(sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} order by ordinal_position`),
        ).map((r) => r.name);
        const people = table === 'users' && columns.includes('ssn_encrypted');
        // Every value as PostgreSQL's text output, so the CSV says what COPY would.
        const selected = columns.map((c) => `${ident(c)}::text`).join(', ');
        const header = people
          ? columns.flatMap((c) => (c === 'ssn_encrypted' ? (options.ssnKey ? ['ssn'] : []) : [c]))
          : columns;
        const file = `tables/${table}.csv`;
        const out = createWriteStream(path.join(options.dir, file));
        // A failure below (a wrong SSN key) leaves the stream to be destroyed, not to raise an
        // unhandled 'error' later; a failure of the stream itself reaches the caller through write().
        out.on('error', () => {});
        let rows = 0;
        const hash = createHash('sha256');
        let bytes = 0;
        const emit = async (text: string) => {
          hash.update(text);
          bytes += Buffer.byteLength(text);
          await write(out, text);
        };
        try {
          await emit(csvLine(header));
          await tx.execute(
            sql.raw(`declare export_cursor no scroll cursor for select ${selected} from ${ident(table)}`),
          );
          for (;;) {
            const fetched = rowsOf<Record<string, string | null>>(
              await tx.execute(sql.raw(`fetch ${batch} from export_cursor`)),
            );
            if (!fetched.length) break;
            let chunk = '';
            for (const row of fetched) {
              const values: (string | null)[] = [];
              for (const c of columns) {
                const v = row[c] ?? null;
                if (people && c === 'ssn_encrypted') {
                  if (options.ssnKey) values.push(v ? decryptSsn(options.ssnKey, v) : null);
                } else values.push(v);
              }
              chunk += csvLine(values);
            }
            await emit(chunk);
            rows += fetched.length;
          }
          await tx.execute(sql.raw('close export_cursor'));
          await new Promise<void>((resolve, reject) =>
            out.end((err?: Error | null) => (err ? reject(err) : resolve())),
          );
        } catch (err) {
          out.destroy();
          throw err;
        }
        tables.push({ table, file, columns: header, rows, bytes, sha256: hash.digest('hex') });
        options.onTable?.(table, rows);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const files = options.filesDir ? await copyUploads(options.filesDir, path.join(options.dir, 'files')) : [];
  const manifest: ExportManifest = {
    format: 'licensure-export-1',
    createdAt: new Date().toISOString(),
    schema: knownMigrations().at(-1)?.tag ?? '',
    ssn: options.ssnKey ? 'included' : 'omitted',
    tables,
    files,
  };
  await writeFile(path.join(options.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
