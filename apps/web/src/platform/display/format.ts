/** Display helpers shared by the registry, people and public screens. */

export function personName(p: {
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  suffix?: string | null;
}): string {
  return [p.first_name, p.middle_name, p.last_name, p.suffix].filter(Boolean).join(' ') || '(no name)';
}

/** A calendar date (YYYY-MM-DD) or timestamp, as the browser's locale writes it; dates are not shifted. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function cityState(p: { city?: string | null; state?: string | null }): string {
  return [p.city, p.state].filter(Boolean).join(', ');
}

export function address(p: {
  street?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
}): string {
  const line3 = [cityState(p), p.postal_code].filter(Boolean).join(' ');
  return [p.street, p.street2, line3].filter(Boolean).join('\n');
}

export function capitalise(text: string | null | undefined): string {
  if (!text) return '';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
