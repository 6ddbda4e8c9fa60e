import { csvLine, type InsightFigure, spreadsheetCell } from '@licensure/contracts';
import ExcelJS from 'exceljs';

/** A figure's table as CSV: its columns' labels, then a line a row (money in dollars, as shown). */
export function figureCsv(figure: InsightFigure): string {
  const head = csvLine(figure.columns.map((c) => c.label));
  return (
    head +
    figure.rows.map((r) => csvLine(figure.columns.map((c) => cellValue(figure, r.cells, c.key)))).join('')
  );
}

function cellValue(figure: InsightFigure, cells: Record<string, string | number | null>, key: string) {
  const column = figure.columns.find((c) => c.key === key);
  const v = cells[key] ?? null;
  return column?.kind === 'cents' && typeof v === 'number' ? v / 100 : v;
}

/** A figure's table as an XLSX workbook of one sheet, every cell through spreadsheetCell. */
export async function figureXlsx(figure: InsightFigure): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(figure.title.slice(0, 31).replace(/[*?:\\/[\]]/g, ' '));
  sheet.columns = figure.columns.map((c) => ({
    header: spreadsheetCell(c.label),
    key: c.key,
    width: Math.max(12, c.label.length + 2),
    ...(c.kind === 'cents' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  for (const r of figure.rows)
    sheet.addRow(figure.columns.map((c) => spreadsheetCell(cellValue(figure, r.cells, c.key))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
