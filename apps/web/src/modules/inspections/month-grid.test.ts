import { describe, expect, it } from 'vitest';
import { weeksOf } from './month-grid';

describe('weeksOf', () => {
  it('lays a month out in weeks starting on Monday', () => {
    // December 2026 starts on a Tuesday and has 31 days.
    const weeks = weeksOf(2026, 12);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  });

  it('knows February of a leap year', () => {
    const days = weeksOf(2028, 2).flat().filter(Boolean);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2028-02-29');
  });
});
