import { randomUUID } from 'node:crypto';
import type { FieldSpec, ResourceSpec } from '@licensure/contracts';

let n = 0;

/** A valid value for a field; `variant` changes text so two samples differ. */
export function sampleValue(f: FieldSpec, variant = ++n): unknown {
  switch (f.kind) {
    case 'text': {
      if (f.example) return f.example;
      const max = f.maxLength ?? 200;
      const text = `${f.label} ${variant} ${randomUUID().slice(0, 8)}`;
      return max < text.length ? `S${variant}${randomUUID().slice(0, 6)}`.slice(0, max) : text;
    }
    case 'longtext':
      return f.example ?? `About ${f.label.toLowerCase()} ${variant}`;
    case 'int':
      return Math.max(f.min ?? 1, Math.min(f.max ?? 5, 5));
    case 'bool':
      return true;
    case 'uuid':
      return randomUUID();
    case 'uuids':
      return [randomUUID()];
    case 'date':
      return '2026-01-31';
    case 'select':
      return f.options?.[0];
  }
}

/** A complete, valid create input for a resource. */
export function sampleInput(spec: ResourceSpec): Record<string, unknown> {
  const variant = ++n;
  return Object.fromEntries(spec.fields.map((f) => [f.name, sampleValue(f, variant)]));
}

/** An input that breaks the first required text field (empty), for the 400 path. */
export function invalidInput(spec: ResourceSpec): { input: Record<string, unknown>; field: string } {
  const input = sampleInput(spec);
  const required = spec.fields.find((f) => f.required && (f.kind === 'text' || f.kind === 'longtext'));
  if (required) return { input: { ...input, [required.name]: '' }, field: required.name };
  const typed = spec.fields.find((f) => f.kind !== 'text' && f.kind !== 'longtext') ?? spec.fields[0]!;
  return { input: { ...input, [typed.name]: 'not-a-valid-value-for-this-field' }, field: typed.name };
}
