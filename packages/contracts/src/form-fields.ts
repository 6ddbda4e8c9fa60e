// Text fields of the form builder's contracts (forms.ts, forms-definitions.ts). Imported by path, not
// re-exported from the index: building blocks, not shapes of their own.
import { z } from 'zod';

/** Trimmed text of at most `max` characters, its messages naming the field. */
export const text = (name: string, max: number) =>
  z
    .string({ message: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`);

/** Optional text; empty (after trimming) is null. */
export const optionalText = (name: string, max: number) =>
  text(name, max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
