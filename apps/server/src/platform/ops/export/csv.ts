/** One CSV field as COPY ... CSV writes it: NULL empty, an empty string "", quotes doubled when needed. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: (string | null)[]) => `${values.map(csvField).join(',')}\r\n`;
