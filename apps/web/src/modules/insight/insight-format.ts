import { formatCents, type InsightColumn, type InsightFigure } from '@licensure/contracts';

const count = new Intl.NumberFormat('en-US');

/** A cell as the table shows it: money in dollars, days to one decimal, a share with %. */
export function formatCell(column: InsightColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'cents':
      return formatCents(value);
    case 'days':
      return `${value.toFixed(1)} d`;
    case 'percent':
      return `${value.toFixed(1)}%`;
    default:
      return count.format(value);
  }
}

const chartOrder = ['days', 'cents', 'percent', 'count'] as const;

/**
 * The columns a figure's chart draws: the values of one kind (days before money before shares before
 * counts), so that one axis reads them all; the first column names the rows.
 */
export function chartedColumns(figure: InsightFigure): InsightColumn[] {
  const values = figure.columns.slice(1).filter((c) => c.kind !== 'text' && c.kind !== 'date');
  const kind = chartOrder.find((k) => values.some((c) => c.kind === k));
  return values.filter((c) => c.kind === kind);
}

/** The value a chart plots: dollars for money, the number itself otherwise. */
export function chartValue(column: InsightColumn, value: string | number | null | undefined): number | null {
  if (typeof value !== 'number') return null;
  return column.kind === 'cents' ? value / 100 : value;
}

/** The period of the last `months` months up to today (inclusive dates). */
export function lastMonths(months: number, today = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate() + 1),
  );
  return { from: from.toISOString().slice(0, 10), to };
}
