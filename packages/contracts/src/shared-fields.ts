// Field schemas several modules' contracts share, each naming its field in its messages. Imported by
// path, not re-exported from the index: they are building blocks, not shapes of their own.
import { z } from 'zod';

/** An empty string from a form means "no value". */
export const blankToNull = (v: unknown) => (v === '' ? null : v);

export const id = (name: string) => z.uuid({ message: `${name} must be a valid id` });

export const optionalId = (name: string) => z.preprocess(blankToNull, id(name).nullable().optional());

/** Optional trimmed text of at most `max` characters; '' is saved as null. */
export const optionalText = (name: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(max, `${name} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

/** An optional calendar date (YYYY-MM-DD); '' is saved as null. */
export const optionalIsoDate = (name: string) =>
  z.preprocess(
    blankToNull,
    z.iso
      .date({ message: `${name} must be a date (YYYY-MM-DD)` })
      .nullable()
      .optional(),
  );
