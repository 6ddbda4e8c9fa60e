import type { FieldSpec } from '@licensure/contracts';
import type { z } from 'zod';

/** What a form control holds: text for everything typed or chosen, a boolean for check boxes. */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FieldErrors = Record<string, string>;

/** Fields a generic form needs: the FieldSpec of a resource, or a page's own list in the same shape. */
export type FormField = Pick<FieldSpec, 'name' | 'label' | 'kind'> & Partial<FieldSpec>;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The initial control values: from the record being edited, or the fields' defaults for a new one. */
export function initialValues(
  fields: readonly FormField[],
  record?: Record<string, unknown> | null,
): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const source = record ? record[f.name] : f.defaultValue;
    switch (f.kind) {
      case 'bool':
        values[f.name] = source === true;
        break;
      case 'uuids':
        values[f.name] = Array.isArray(source) ? source.map(String).join('\n') : '';
        break;
      case 'date':
        values[f.name] = typeof source === 'string' ? source.slice(0, 10) : '';
        break;
      default:
        values[f.name] = textOf(source);
    }
  }
  return values;
}

/** Converts control values to the API input: numbers, nulls for empty choices, lists of ids. */
export function toInput(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (f.kind === 'bool') {
      input[f.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    switch (f.kind) {
      case 'int':
        input[f.name] = text.trim() === '' ? null : Number(text);
        break;
      case 'uuid':
      case 'date':
      case 'select':
        input[f.name] = text.trim() === '' ? null : text.trim();
        break;
      case 'uuids':
        input[f.name] = text.split(/[\s,]+/).filter(Boolean);
        break;
      default:
        input[f.name] = text;
    }
  }
  return input;
}

/** Turns zod issues into one message per top-level field (the first issue wins; array items count for their field). */
export function issuesToFieldErrors(issues: z.ZodError['issues']): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type Validation = { ok: true; data: Record<string, unknown> } | { ok: false; errors: FieldErrors };

/** Validates form values with the same zod schema the server uses. */
export function validateValues(
  schema: z.ZodType,
  fields: readonly FormField[],
  values: FormValues,
): Validation {
  const result = schema.safeParse(toInput(fields, values));
  if (result.success) return { ok: true, data: result.data as Record<string, unknown> };
  return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}
