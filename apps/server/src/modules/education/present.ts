/** Small presenters shared by the education resources. */
export const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v);
export const userName = (first: unknown, last: unknown): string | null =>
  [first, last].filter((x) => typeof x === 'string' && x.trim()).join(' ') || null;
