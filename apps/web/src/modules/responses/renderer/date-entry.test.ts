import { describe, expect, it } from 'vitest';
import { formatAsTyped, formatStoredDate, parseTypedDate } from './date-entry';

const us = 'MM/DD/YYYY' as const;

describe('typing a date', () => {
  it('puts the slashes in as digits are typed', () => {
    // Each key adds a digit to what the box shows, as a browser does.
    let shown = '';
    for (const digit of '03152026') shown = formatAsTyped(shown + digit);
    expect(shown).toBe('03/15/2026');
    expect(formatAsTyped('0315')).toBe('03/15');
    expect(formatAsTyped('03')).toBe('03');
    // Text with separators of its own is left as typed (deleting a slash works).
    expect(formatAsTyped('03/15/')).toBe('03/15/');
  });

  it('reads the enterprise format, eight digits, other separators and YYYY-MM-DD', () => {
    for (const text of [
      '03/15/2026',
      '3/15/2026',
      '03152026',
      '03-15-2026',
      '3.15.2026',
      ' 03 15 2026 ',
      '2026-03-15',
    ])
      expect(parseTypedDate(text, us), text).toEqual({ kind: 'date', value: '2026-03-15' });
    expect(parseTypedDate('15/03/2026', 'DD/MM/YYYY')).toEqual({ kind: 'date', value: '2026-03-15' });
    expect(parseTypedDate('02/29/2028', us)).toEqual({ kind: 'date', value: '2028-02-29' });
    expect(parseTypedDate('  ', us)).toEqual({ kind: 'empty' });
  });

  it('says why an impossible or unfinished date is not one', () => {
    expect(parseTypedDate('02/30/2026', us)).toEqual({
      kind: 'invalid',
      message: '02/30/2026 is not a date: February 2026 has 28 days.',
    });
    expect(parseTypedDate('04/31/2026', us)).toMatchObject({
      message: '04/31/2026 is not a date: April 2026 has 30 days.',
    });
    expect(parseTypedDate('13/01/2026', us)).toMatchObject({
      message: 'There is no month 13: the month is a number from 1 to 12 (MM/DD/YYYY).',
    });
    expect(parseTypedDate('03/15/26', us)).toMatchObject({
      message: 'Enter the year in full, with four digits (03/15/2026).',
    });
    expect(parseTypedDate('03/15', us)).toMatchObject({
      message: 'Enter the date as MM/DD/YYYY, for example 03/15/2026.',
    });
    expect(parseTypedDate('March 15', us).kind).toBe('invalid');
  });

  it('shows a stored date in the format', () => {
    expect(formatStoredDate('2026-03-15', us)).toBe('03/15/2026');
    expect(formatStoredDate('2026-03-15', 'DD/MM/YYYY')).toBe('15/03/2026');
    expect(formatStoredDate(null, us)).toBe('');
  });
});
