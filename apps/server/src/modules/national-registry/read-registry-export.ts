import type { Readable } from 'node:stream';
import {
  REGISTRY_IMPORT_MAX_ROWS,
  type RegistryExportColumnKey,
  registryExportColumns,
  registryRequiredColumns,
} from '@licensure/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentRow } from '../../platform/files/documents';
import type { FileStorage } from '../../platform/files/storage';
import { badRequest } from '../../platform/http/errors';
import { readSpreadsheetDocument } from '../clinicians/import-roster';
import { type CellValue, csvRows, RosterFileError, xlsxRows } from '../clinicians/read-roster';

export interface RegistryLine {
  row: number;
  values: Partial<Record<RegistryExportColumnKey, CellValue>>;
}

const normalise = (h: string) => h.toLowerCase().replace(/[\s_\-.]+/g, '');
const headerKeys = new Map<string, RegistryExportColumnKey>(
  registryExportColumns.flatMap((c) =>
    [c.header, c.key, ...c.aliases].map((h) => [normalise(h), c.key] as [string, RegistryExportColumnKey]),
  ),
);

function mapHeader(cells: CellValue[]): Map<number, RegistryExportColumnKey> {
  const map = new Map<number, RegistryExportColumnKey>();
  cells.forEach((c, i) => {
    const key = typeof c === 'string' ? headerKeys.get(normalise(c)) : undefined;
    if (key && ![...map.values()].includes(key)) map.set(i, key);
  });
  const found = new Set(map.values());
  const missing = registryRequiredColumns.filter((k) => !found.has(k));
  if (missing.length)
    throw new RosterFileError(
      `The file has no ${missing.map((k) => `"${registryExportColumns.find((c) => c.key === k)?.header}"`).join(', ')} column. The first row must name the columns: ${registryExportColumns.map((c) => c.header).join(', ')}.`,
    );
  return map;
}

const blank = (cells: CellValue[]) => cells.every((c) => c === null || c === '' || c === undefined);

/** Rows of a registry export after its header row (the roster reader's CSV and XLSX streams). */
async function* readRegistryRows(stream: Readable, kind: 'xlsx' | 'csv'): AsyncGenerator<RegistryLine> {
  let header: Map<number, RegistryExportColumnKey> | undefined;
  for await (const { row, cells } of kind === 'xlsx' ? xlsxRows(stream) : csvRows(stream)) {
    if (blank(cells)) continue;
    if (!header) {
      header = mapHeader(cells);
      continue;
    }
    const values: RegistryLine['values'] = {};
    for (const [i, key] of header) values[key] = cells[i] ?? null;
    yield { row, values };
  }
  if (!header) throw new RosterFileError('The file is empty: it has no header row.');
}

/** The registry export, read under the roster import's limits on hostile files; 400 when unreadable. */
export async function readRegistryExport(
  files: FileStorage,
  doc: DocumentRow,
  log?: FastifyBaseLogger,
): Promise<RegistryLine[]> {
  const lines = await readSpreadsheetDocument(files, doc, readRegistryRows, REGISTRY_IMPORT_MAX_ROWS, log);
  if (lines.length === 0)
    throw badRequest({ documentId: 'The file has a header row but no certifications.' });
  return lines;
}
