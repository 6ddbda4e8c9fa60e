import { badRequest } from '../../platform/http/errors';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const time24 = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(y: number, m: number, d: number): string | null {
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return at.toISOString().slice(0, 10);
}

export interface VisitTime {
  inspection_date: string;
  inspection_time: string | null;
  date_time_set: boolean;
}

/**
 * A visit's date and time from the date string the client sends. The spec's rule: the time is taken
 * only when the string has at least 7 parts and its time is 24-hour hh:mm:ss. A browser's date string
 * ("Tue Dec 01 2026 09:30:00 GMT-0500 (Eastern Standard Time)") has them; so does an ISO date-time
 * ("2026-12-01T09:30:00": year, month, day, hours, minutes, seconds and the T split off). A bare date
 * sets no time.
 */
export function parseVisitTime(value: string): VisitTime {
  const s = value.trim();
  const fail = () =>
    badRequest({
      inspection_date_time:
        'inspection_date_time must be a date (YYYY-MM-DD), a date and 24-hour time (YYYY-MM-DDThh:mm:ss) or a date string',
    });
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](.+))?$/.exec(s);
  if (iso) {
    const [y, m, d] = (isoDay.exec(iso[1]!) ?? []).slice(1).map(Number) as [number, number, number];
    const day = validDay(y, m, d);
    if (!day) throw fail();
    const clock = (iso[2] ?? '').replace(/(Z|[+-]\d{2}:?\d{2}|\.\d+)+$/, '');
    const parts = [...iso[1]!.split('-'), 'T', ...clock.split(':')].filter((p) => p !== '');
    const time = parts.length >= 7 && time24.test(clock) ? clock : null;
    return { inspection_date: day, inspection_time: time, date_time_set: time !== null };
  }
  const parts = s.split(/\s+/);
  if (parts.length < 4) throw fail();
  const month = months.indexOf(parts[1] ?? '');
  const day = month < 0 ? null : validDay(Number(parts[3]), month + 1, Number(parts[2]));
  if (!day) throw fail();
  const clock = parts[4] ?? '';
  const time = parts.length >= 7 && time24.test(clock) ? clock : null;
  return { inspection_date: day, inspection_time: time, date_time_set: time !== null };
}
