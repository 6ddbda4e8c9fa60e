/**
 * Text a spreadsheet would run as a formula when it opens an export: it starts with =, +, -, @, a tab
 * or a carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of an exported spreadsheet (CSV or XLSX, server or web), made safe to open: text that
 * starts like a formula gets a single quote in front (`=HYPERLINK(...)` -> `'=HYPERLINK(...)`), so the
 * spreadsheet shows it as text. Values that are not text (numbers, dates, booleans, empty) are typed
 * cells and stay as they are. Every export writes its cells through this function.
 */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One CSV cell: the value as text (a date as ISO 8601) through spreadsheetCell, quoted when it holds a
 * comma, a quote or a line break.
 */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const s = typeof value === 'number' || typeof value === 'bigint' ? text : spreadsheetCell(text);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line of cells, ended by CRLF (RFC 4180). */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A row object for an XLSX sheet (ExcelJS `addRow`), each value through spreadsheetCell. */
export function spreadsheetRow<R extends Record<string, unknown>>(row: R): R {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, spreadsheetCell(v)])) as R;
}
