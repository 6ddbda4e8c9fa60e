import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { Row } from './types';

/** A value's decoder as drizzle has it: the column, or the SQL's (`sql<T>` with or without mapWith). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/** What drizzle's prepared select keeps (`PgPreparedQuery`): the fields it maps each array row by. */
interface PreparedSelect {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * Maps a prepared select's rows the way drizzle's `mapResultRow` does for a flat selection (every field at
 * the top level: the list and get statements of resources), with the decoders looked up once instead of
 * per cell. drizzle's mapper tests each cell's field type and walks its path with an iterator: on a page of
 * 25 credentials of 25 columns that was ~1,000 type tests and as many short-lived arrays a request (issue
 * 29). Nested selections keep drizzle's own mapper (it also nulls a left-joined table's object).
 */
export function mapRowsFlat<T extends object>(prepared: T): T {
  const p = prepared as unknown as PreparedSelect;
  const fields = p.fields;
  if (!fields || p.customResultMapper || fields.some((f) => f.path.length !== 1)) return prepared;
  const keys = fields.map((f) => f.path[0] as string);
  const decoders = fields.map((f) => decoderOf(f.field));
  const n = keys.length;
  p.customResultMapper = (rows) => {
    const out: Row[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const raw = rows[r] as unknown[];
      const row: Row = {};
      for (let i = 0; i < n; i++) {
        const v = raw[i];
        row[keys[i] as string] = v === null ? null : (decoders[i] as Decoder).mapFromDriverValue(v);
      }
      out[r] = row;
    }
    return out;
  };
  return prepared;
}
