/**
 * Date arithmetic of licence rules. A rule value such as '6 months' or '-2 years' is a date shifted
 * from today; when the target month is shorter, the day is clamped to its last day (31 January plus
 * 1 month is 28 or 29 February, never 2 or 3 March).
 */

const RELATIVE = /^\s*([+-]?\d{1,4})\s*(day|days|month|months|year|years)\s*$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addMonthsClamped(d: CalendarDate, months: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function formatDate(d: CalendarDate): string {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

export function parseDate(value: string): CalendarDate | null {
  if (!ISO_DATE.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Whether a value is a relative date ('N days', 'N months', 'N years'). */
export function isRelativeDate(value: string): boolean {
  return RELATIVE.test(value);
}

/**
 * The date a rule value names: 'N days|months|years' from `today` (clamped), or a YYYY-MM-DD date.
 * Null when it is neither.
 */
export function resolveRuleDate(value: string, today: CalendarDate): string | null {
  const m = RELATIVE.exec(value);
  if (m) {
    const n = Number(m[1]);
    const unit = (m[2] ?? '').toLowerCase();
    if (unit.startsWith('day')) return formatDate(addDays(today, n));
    return formatDate(addMonthsClamped(today, unit.startsWith('month') ? n : n * 12));
  }
  const d = parseDate(value.trim());
  return d ? formatDate(d) : null;
}

/** Today in the given IANA time zone (the enterprise's), as a calendar date. */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}
