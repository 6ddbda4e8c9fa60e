// Dates typed, pasted or picked into a date question, in the enterprise's date format. Stored answers
// are always the calendar date as YYYY-MM-DD; only what the person reads and types follows the format.

import type { DateFormat } from '@licensure/contracts';
import { defaultDateFormat } from '../../../platform/session/date-format';

export type { DateFormat };
export { defaultDateFormat };

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const SEPARATOR = /[/.\-\s]+/;

/** An example date in the format (15 March 2026), for hints and messages. */
export function formatExample(format: DateFormat): string {
  return format === 'MM/DD/YYYY' ? '03/15/2026' : '15/03/2026';
}

/** A stored date (YYYY-MM-DD) as the format writes it; anything else as it is. */
export function formatStoredDate(value: string | null | undefined, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return value ?? '';
  const [, y, m, d] = match;
  return format === 'MM/DD/YYYY' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/**
 * What the box shows while digits are typed: slashes go in as the digits come (`03152026` reads
 * `03/15/2026`). Text with separators of its own, or anything else, is left as typed.
 */
export function formatAsTyped(text: string): string {
  // Digits alone, or after a slash this put in (`03/152` as the fifth digit comes).
  const match = /^(\d{2})\/(\d{3,6})$/.exec(text);
  const digits = match ? `${match[1]}${match[2]}` : text;
  if (!/^\d{3,8}$/.test(digits)) return text;
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  return parts.join('/');
}

export type ParsedDate =
  | { kind: 'empty' }
  | { kind: 'date'; value: string }
  | { kind: 'invalid'; message: string };

/**
 * Reads a typed or pasted date: in the format (with `/`, `-`, `.` or spaces between the parts, or
 * eight digits), or as YYYY-MM-DD (what a calendar or another program gives). An impossible date
 * (02/30/2026) says why.
 */
export function parseTypedDate(text: string, format: DateFormat): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  let parts: string[];
  if (iso) parts = format === 'MM/DD/YYYY' ? [iso[2]!, iso[3]!, iso[1]!] : [iso[3]!, iso[2]!, iso[1]!];
  else if (/^\d{8}$/.test(trimmed)) parts = [trimmed.slice(0, 2), trimmed.slice(2, 4), trimmed.slice(4)];
  else parts = trimmed.split(SEPARATOR);
  const example = formatExample(format);
  const shape = `Enter the date as ${format}, for example ${example}.`;
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p))) return { kind: 'invalid', message: shape };
  const [first, second, yearText] = parts as [string, string, string];
  if (first.length > 2 || second.length > 2) return { kind: 'invalid', message: shape };
  if (yearText.length !== 4)
    return { kind: 'invalid', message: `Enter the year in full, with four digits (${example}).` };
  const [monthText, dayText] = format === 'MM/DD/YYYY' ? [first, second] : [second, first];
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1000)
    return { kind: 'invalid', message: `There is no year ${yearText}: enter the year in full.` };
  if (month < 1 || month > 12)
    return {
      kind: 'invalid',
      message: `There is no month ${monthText}: the month is a number from 1 to 12 (${format}).`,
    };
  const last = daysIn(year, month);
  if (day < 1 || day > last)
    return {
      kind: 'invalid',
      message: `${formatStoredDate(`${yearText}-${pad(month)}-${pad(Math.max(day, 0))}`, format)} is not a date: ${monthNames[month - 1]} ${year} has ${last} days.`,
    };
  return { kind: 'date', value: `${yearText}-${pad(month)}-${pad(day)}` };
}
