import type { Readable } from 'node:stream';
import { type RosterColumnKey, rosterColumns } from '@licensure/contracts';
import ExcelJS from 'exceljs';

/** A cell as read: text, a number, a date cell or a boolean. */
export type CellValue = string | number | boolean | Date | null;
export interface RosterLine {
  /** The spreadsheet row number (the header is usually row 1). */
  row: number;
  values: Partial<Record<RosterColumnKey, CellValue>>;
}

const normalise = (h: string) => h.toLowerCase().replace(/[\s_\-.]+/g, '');
const headerKeys = new Map<string, RosterColumnKey>(
  rosterColumns.flatMap((c) => [
    [normalise(c.header), c.key],
    [normalise(c.key), c.key],
  ]),
);
// Common alternative spellings.
headerKeys.set('dob', 'birth_date');
headerKeys.set('birthdate', 'birth_date');
headerKeys.set('nremt', 'national_ems_id');
headerKeys.set('nationalemsid', 'national_ems_id');
headerKeys.set('emailaddress', 'email');

export class RosterFileError extends Error {}

/** Maps header cells to columns; throws RosterFileError when a required column is missing. */
function mapHeader(cells: CellValue[]): Map<number, RosterColumnKey> {
  const map = new Map<number, RosterColumnKey>();
  cells.forEach((c, i) => {
    const key = typeof c === 'string' ? headerKeys.get(normalise(c)) : undefined;
    if (key && ![...map.values()].includes(key)) map.set(i, key);
  });
  const missing = rosterColumns.filter((c) => c.required && ![...map.values()].includes(c.key));
  if (missing.length)
    throw new RosterFileError(
      `The file has no ${missing.map((c) => `"${c.header}"`).join(', ')} column. The first row must name the columns: ${rosterColumns.map((c) => c.header).join(', ')}.`,
    );
  return map;
}

const blank = (cells: CellValue[]) => cells.every((c) => c === null || c === '' || c === undefined);

/** Rows of a roster file after its header row, skipping blank rows; streams, never loading it whole. */
export async function* readRoster(stream: Readable, kind: 'xlsx' | 'csv'): AsyncGenerator<RosterLine> {
  let header: Map<number, RosterColumnKey> | undefined;
  const source = kind === 'xlsx' ? xlsxRows(stream) : csvRows(stream);
  for await (const { row, cells } of source) {
    if (blank(cells)) continue;
    if (!header) {
      header = mapHeader(cells);
      continue;
    }
    const values: RosterLine['values'] = {};
    for (const [i, key] of header) values[key] = cells[i] ?? null;
    yield { row, values };
  }
  if (!header) throw new RosterFileError('The file is empty: it has no header row.');
}

function cellOf(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (o.richText)
      return o.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('result' in o) return cellOf(o.result);
    if (o.text !== undefined) return cellOf(o.text);
    if (o.error) return null;
  }
  return String(v);
}

/** Columns a roster row may span, and cells a file may hold: reading stops as soon as one is passed. */
export const ROSTER_MAX_COLUMNS = 256;
export const ROSTER_MAX_CELLS = 500_000;

export async function* xlsxRows(stream: Readable): AsyncGenerator<{ row: number; cells: CellValue[] }> {
  let cellCount = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const r of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(r.values) ? r.values.slice(1) : [];
      if (values.length > ROSTER_MAX_COLUMNS)
        throw new RosterFileError(`Row ${r.number} has cells beyond column ${ROSTER_MAX_COLUMNS}.`);
      cellCount += values.length;
      if (cellCount > ROSTER_MAX_CELLS)
        throw new RosterFileError(
          `The file has more than ${ROSTER_MAX_CELLS.toLocaleString('en-US')} cells.`,
        );
      yield { row: r.number, cells: values.map(cellOf) };
    }
    return; // the first worksheet only
  }
}

/** RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes), UTF-8 with or without BOM. */
export async function* csvRows(stream: Readable): AsyncGenerator<{ row: number; cells: CellValue[] }> {
  const decoder = new TextDecoder('utf-8');
  let field = '';
  let cells: CellValue[] = [];
  let inQuotes = false;
  let quoteSeen = false;
  let row = 1;
  let startRow = 1;
  let first = true;
  let carry = '';
  const endField = () => {
    cells.push(quoteSeen ? field : field.trim());
    field = '';
    quoteSeen = false;
  };
  for await (const chunk of stream) {
    let text = carry + decoder.decode(chunk as Buffer, { stream: true });
    carry = '';
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (inQuotes) {
        if (ch === '"') {
          if (i === text.length - 1) {
            carry = '"'; // a doubled quote may continue in the next chunk
            break;
          }
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else inQuotes = false;
        } else {
          if (ch === '\n') row++;
          field += ch;
        }
      } else if (ch === '"' && field.trim() === '') {
        inQuotes = true;
        quoteSeen = true;
        field = '';
      } else if (ch === ',') endField();
      else if (ch === '\n') {
        endField();
        yield { row: startRow, cells };
        cells = [];
        row++;
        startRow = row;
      } else if (ch !== '\r') field += ch;
    }
  }
  if (carry) inQuotes = false;
  field += decoder.decode();
  if (field !== '' || cells.length) {
    endField();
    yield { row: startRow, cells };
  }
}
