import type { Readable } from 'node:stream';
import {
  ROSTER_IMPORT_MAX_ROWS,
  type RosterImportResult,
  type RosterRowError,
  XLSX_MIME,
} from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/audit/record-change';
import {
  type ArchiveEntry,
  ArchiveRefusedError,
  repackZip,
  unpackZip,
} from '../../platform/files/archive-limits';
import type { DocumentRow } from '../../platform/files/documents';
import type { FileStorage } from '../../platform/files/storage';
import { AppError, badRequest } from '../../platform/http/errors';
import { checkRows } from './check-rows';
import { RosterFileError, type RosterLine, readRoster } from './read-roster';
import { writeRoster } from './write-roster';

export type ImportOutcome =
  | { ok: true; result: RosterImportResult }
  | { ok: false; message: string; rows: RosterRowError[] };

export interface ImportProgress {
  checked: number;
  total: number;
}

/** Reads the roster document whole (streamed, at most ROSTER_IMPORT_MAX_ROWS rows); 400 when unreadable. */
export async function readRosterDocument(
  files: FileStorage,
  doc: DocumentRow,
  log?: FastifyBaseLogger,
): Promise<RosterLine[]> {
  const lines = await readSpreadsheetDocument(files, doc, readRoster, ROSTER_IMPORT_MAX_ROWS, log);
  if (lines.length === 0) throw badRequest({ documentId: 'The file has a header row but no people.' });
  return lines;
}

/**
 * Reads a spreadsheet document (xlsx or csv) through `read` under the roster import's limits on hostile
 * files: the zip unpacked under hard limits, at most `maxRows` rows; 400 naming documentId when refused.
 */
export async function readSpreadsheetDocument<T>(
  files: FileStorage,
  doc: DocumentRow,
  read: (stream: Readable, kind: 'xlsx' | 'csv') => AsyncIterable<T>,
  maxRows: number,
  log?: FastifyBaseLogger,
): Promise<T[]> {
  const kind = doc.mime_type === XLSX_MIME ? 'xlsx' : doc.mime_type === 'text/csv' ? 'csv' : undefined;
  if (!kind) throw badRequest({ documentId: 'The document is not a spreadsheet (xlsx or csv).' });
  let stream: Readable = await files.get(doc.storage_key);
  const lines: T[] = [];
  try {
    // An xlsx is a zip: unpacked under hard limits first, so a zip bomb is refused before exceljs
    // inflates anything (its shared strings are read whole).
    if (kind === 'xlsx') stream = repackZip(xlsxOrder(await unpackZip(await readAll(stream)))) as Readable;
    for await (const line of read(stream, kind)) {
      if (lines.length === maxRows)
        throw badRequest({
          documentId: `The file has more than ${maxRows.toLocaleString('en-US')} rows. Split it into files of at most ${maxRows.toLocaleString('en-US')} rows.`,
        });
      lines.push(line);
    }
  } catch (err) {
    if (err instanceof RosterFileError) throw badRequest({ documentId: err.message });
    if (err instanceof ArchiveRefusedError)
      throw badRequest({ documentId: `The spreadsheet was refused: ${err.message}` });
    if (err instanceof AppError) throw err;
    log?.warn({ err, documentId: doc.id }, 'spreadsheet could not be read');
    throw badRequest({ documentId: 'The spreadsheet could not be read. Save it again as .xlsx or .csv.' });
  } finally {
    stream.destroy();
  }
  return lines;
}

/**
 * The workbook, its relations, shared strings and styles before the worksheets: exceljs's streaming
 * reader then reads each sheet as it comes, without parking it in a temporary file.
 */
function xlsxOrder(entries: ArchiveEntry[]): ArchiveEntry[] {
  const rank = (name: string) =>
    name.startsWith('xl/worksheets/') ? 2 : name.startsWith('xl/media/') ? 3 : 1;
  return [...entries].sort((a, b) => rank(a.name) - rank(b.name));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Imports a roster document into a service: every row is checked first; if any is rejected nothing
 * is written and the outcome lists the problems row by row; otherwise all rows are written in one
 * transaction. Access, service and document are checked by the caller.
 */
export async function importRoster(
  db: Db,
  files: FileStorage,
  actor: Actor,
  doc: DocumentRow,
  serviceId: string,
  onProgress: (p: ImportProgress) => void = () => {},
  log?: FastifyBaseLogger,
  once?: (tx: Tx) => Promise<boolean>,
): Promise<ImportOutcome> {
  const lines = await readRosterDocument(files, doc, log);
  const total = lines.length;
  onProgress({ checked: 0, total });
  const outcome = await checkRows(db, actor.enterpriseId, lines, (checked) => onProgress({ checked, total }));
  if (outcome.errors.length) {
    const bad = new Set(outcome.errors.map((e) => e.row)).size;
    return {
      ok: false,
      message: `${bad} of ${total} rows were rejected; nothing was imported. Correct the file and import it again.`,
      rows: outcome.errors,
    };
  }
  const result = await writeRoster(db, actor, serviceId, outcome, once);
  if (!result)
    return { ok: false, message: 'This import was already done; nothing was written again.', rows: [] };
  return { ok: true, result };
}
