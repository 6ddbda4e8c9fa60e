import { addMonthsClamped, type CalendarDate, daysInMonth, formatDate } from './rules/relative-date';

export type ExpirationRule = 'exact' | 'end_of_month' | 'end_of_year';

/** When a credential issued (or renewed from) `from` expires. */
export function expirationDate(from: CalendarDate, months: number, rule: ExpirationRule): string {
  const d = addMonthsClamped(from, months);
  if (rule === 'end_of_month') return formatDate({ ...d, day: daysInMonth(d.year, d.month) });
  if (rule === 'end_of_year') return formatDate({ year: d.year, month: 12, day: 31 });
  return formatDate(d);
}
