import { csvCell, csvLine } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { daysSince } from './queue-csv';

describe('queue CSV', () => {
  it('quotes cells holding commas, quotes and line breaks', () => {
    expect(csvCell('Rivera, Jordan')).toBe('"Rivera, Jordan"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it('keeps spreadsheets from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('counts whole days waiting', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(daysSince('2026-03-01T13:00:00Z', now)).toBe(8);
    expect(daysSince('2026-03-10T11:00:00Z', now)).toBe(0);
    expect(daysSince(null, now)).toBeNull();
  });
});
