import { z } from 'zod';
import { timestamp } from './paging';

/**
 * A field of a declarative resource. The same spec makes the zod schema (server validation, OpenAPI,
 * web form validation), the database column (packages/db) and the generic edit form (apps/web).
 */
export type FieldKind = 'text' | 'longtext' | 'int' | 'bool' | 'uuid' | 'uuids' | 'date' | 'select';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  /** Choices of a `select` field. */
  options?: readonly string[];
  /** For `uuid` fields: the resource whose records it points at (the form shows a picker). */
  ref?: string;
  /** List filters narrowing the picker's choices (e.g. one data section of the data elements). */
  refQuery?: Readonly<Record<string, string>>;
  /** A regular expression the text must match, with the message shown when it does not. */
  pattern?: { regex: string; message: string };
  /** Shown in list tables. */
  listed?: boolean;
  min?: number;
  max?: number;
  defaultValue?: string | number | boolean;
  help?: string;
  /** A valid value, for the API reference and tests (required where a pattern applies). */
  example?: string;
}

const uuid = (label: string) => z.uuid({ message: `${label} must be a valid id` });

function fieldSchema(f: FieldSpec): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longtext': {
      let s = z.string({ message: `${f.label} must be text` }).trim();
      const max = f.maxLength ?? (f.kind === 'text' ? 200 : 100_000);
      s = s.max(max, `${f.label} must be at most ${max} characters`);
      if (f.pattern) s = s.regex(new RegExp(f.pattern.regex), f.pattern.message);
      if (f.required) return s.min(1, `${f.label} is required`);
      return z
        .union([s, z.literal('')])
        .nullable()
        .transform((v) => (v === '' ? null : v));
    }
    case 'int': {
      let n = z.number({ message: `${f.label} must be a number` }).int(`${f.label} must be a whole number`);
      if (f.min !== undefined) n = n.min(f.min, `${f.label} must be at least ${f.min}`);
      if (f.max !== undefined) n = n.max(f.max, `${f.label} must be at most ${f.max}`);
      return f.required ? n : n.nullable();
    }
    case 'bool':
      return z.boolean({ message: `${f.label} must be true or false` });
    case 'uuid':
      return f.required ? uuid(f.label) : uuid(f.label).nullable();
    case 'uuids':
      return z.array(uuid(f.label));
    case 'date': {
      const d = z.iso.date({ message: `${f.label} must be a date (YYYY-MM-DD)` });
      return f.required ? d : d.nullable();
    }
    case 'select': {
      const e = z.enum(f.options as [string, ...string[]], {
        message: `${f.label} must be one of: ${(f.options ?? []).join(', ')}`,
      });
      return f.required ? e : e.nullable();
    }
  }
}

function defaultFor(f: FieldSpec): unknown {
  if (f.defaultValue !== undefined) return f.defaultValue;
  if (f.kind === 'bool') return false;
  if (f.kind === 'uuids') return [];
  return null;
}

/** The create/update input of a resource; optional fields default so a create is complete. */
export function inputSchema(fields: readonly FieldSpec[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const s = fieldSchema(f).meta({
      title: f.label,
      description: f.help,
      examples: f.example ? [f.example] : undefined,
    });
    const mustSend = f.required && f.defaultValue === undefined;
    shape[f.name] = mustSend ? s : s.optional().default(defaultFor(f) as never);
  }
  return z.object(shape);
}

/** The same input where every field may be left out (a partial update). */
export function patchSchema(fields: readonly FieldSpec[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) shape[f.name] = fieldSchema(f).optional();
  return z.object(shape);
}

/** An entity as the API returns it: its fields plus id, tenant and timestamps. */
export function entitySchema(fields: readonly FieldSpec[]) {
  const shape: Record<string, z.ZodType> = {
    id: z.uuid(),
    enterprise_id: z.uuid(),
    created_at: timestamp,
    updated_at: timestamp,
  };
  for (const f of fields) shape[f.name] = z.unknown();
  return z.object(shape).loose();
}
