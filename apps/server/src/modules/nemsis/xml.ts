/** Small helpers that write NEMSIS XML text; every value goes through `esc`. */

export const NV = { notApplicable: '7701001', notRecorded: '7701003', notReporting: '7701005' } as const;

export function esc(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters; they are dropped
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

type Attrs = Record<string, string | null | undefined>;

const attrText = (attrs?: Attrs) =>
  attrs
    ? Object.entries(attrs)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
        .join('')
    : '';

/** `<name>value</name>`, or nothing when the value is missing (for optional elements). */
export function opt(name: string, value: string | number | null | undefined, attrs?: Attrs): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}${attrText(attrs)}>${esc(String(value))}</${name}>`;
}

/** `<name>value</name>`, or the element empty with xsi:nil and a Not Value when it is missing. */
export function req(
  name: string,
  value: string | number | null | undefined,
  nv: string = NV.notRecorded,
  attrs?: Attrs,
): string {
  if (value === null || value === undefined || value === '') return `<${name} xsi:nil="true" NV="${nv}"/>`;
  return opt(name, value, attrs);
}

/** One element a value, repeated; a Not Value element when there is none. */
export function reqMany(name: string, values: readonly string[], nv: string = NV.notRecorded): string {
  return values.length === 0 ? req(name, null, nv) : values.map((v) => opt(name, v)).join('');
}

export const many = (name: string, values: readonly string[]) => values.map((v) => opt(name, v)).join('');

/** A NEMSIS date-time with the offset (2026-11-27T22:40:00+00:00). */
export function nemsisDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
