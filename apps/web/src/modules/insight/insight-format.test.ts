import type { InsightFigure } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { chartedColumns, chartValue, formatCell, lastMonths } from './insight-format';

const money: InsightFigure = {
  id: 'money_monthly',
  title: 'Money',
  description: '',
  from: '2026-03-01',
  to: '2026-03-31',
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'collected', label: 'Collected', kind: 'cents' },
    { key: 'vouchers', label: 'Vouchers redeemed', kind: 'count' },
    { key: 'refunded', label: 'Refunded', kind: 'cents' },
  ],
  rows: [],
};

describe('insight formatting', () => {
  it('charts the values of one kind, so that one axis reads them all', () => {
    expect(chartedColumns(money).map((c) => c.key)).toEqual(['collected', 'refunded']);
    expect(chartValue(money.columns[1]!, 12345)).toBe(123.45);
  });

  it('shows money in dollars, days to a decimal, shares with %, and a dash for nothing', () => {
    expect(formatCell(money.columns[1]!, 1250000)).toBe('$12,500.00');
    expect(formatCell({ key: 'd', label: 'D', kind: 'days' }, 6)).toBe('6.0 d');
    expect(formatCell({ key: 'p', label: 'P', kind: 'percent' }, 50)).toBe('50.0%');
    expect(formatCell({ key: 'n', label: 'N', kind: 'count' }, null)).toBe('—');
  });

  it('reads the last months up to today as inclusive dates', () => {
    expect(lastMonths(12, new Date('2026-11-27T12:00:00Z'))).toEqual({
      from: '2025-11-28',
      to: '2026-11-27',
    });
  });
});
