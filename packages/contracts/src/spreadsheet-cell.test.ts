import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, spreadsheetCell, spreadsheetRow } from './spreadsheet-cell';

describe('spreadsheetCell (OWASP CSV injection)', () => {
  it('prefixes text a spreadsheet would read as a formula with a single quote', () => {
    for (const text of [
      '=HYPERLINK("http://evil.example","x")',
      '+cmd|" /C calc"!A0',
      '-2+3+cmd|" /C calc"!A0',
      '@SUM(1+1)*cmd|" /C calc"!A0',
      '\t=1+1',
      '\r=1+1',
      '=',
      '-12.50',
    ])
      expect(spreadsheetCell(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it('leaves other text and values that are not text (typed cells) as they are', () => {
    for (const text of ['Ann', ' =1+1', "'=1", 'a=b', '', '42', '\n=1'])
      expect(spreadsheetCell(text), JSON.stringify(text)).toBe(text);
    const day = new Date('2024-05-01T00:00:00Z');
    for (const value of [-12, 3.5, true, null, undefined, day]) expect(spreadsheetCell(value)).toBe(value);
    expect(spreadsheetRow({ name: '=1+1', amount: -5, on: day })).toEqual({
      name: "'=1+1",
      amount: -5,
      on: day,
    });
  });

  it('writes CSV cells through it, quoting commas, quotes and line breaks', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(new Date('2024-05-01T10:00:00Z'))).toBe('2024-05-01T10:00:00.000Z');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['@a', 'b,c', 1])).toBe(`'@a,"b,c",1\r\n`);
  });
});
