import { progress, type ResponseListItem } from '@licensure/contracts';
import { formatDate } from '../../platform/display/format';

/** A response's state in words (never by colour alone). */
export function responseStatus(p: number): string {
  if (p >= progress.submitted) return 'Submitted';
  if (p === progress.inProgress) return 'Draft';
  return 'Not started';
}

export const isSubmitted = (r: { progress: number; completed_on?: string | null }) =>
  r.progress >= progress.submitted;

/** A timestamp as date and time in the browser's locale. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "Completed Mar 3, 2026" or "Last saved Mar 3, 2026". */
export function responseWhen(r: Pick<ResponseListItem, 'progress' | 'completed_on' | 'updated_at'>): string {
  return isSubmitted(r) && r.completed_on
    ? `Completed ${formatDate(r.completed_on)}`
    : `Last saved ${formatDate(r.updated_at)}`;
}
