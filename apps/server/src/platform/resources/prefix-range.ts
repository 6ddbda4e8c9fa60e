/**
 * The strings that start with a prefix, as a half-open range [from, to) in byte order (C collation, or
 * the text_pattern_ops operators `~>=~` and `~<~`). Unlike `like 'abc%'` with a placeholder, a range
 * of placeholders lets a plan made once for every value (a generic plan) still read an index.
 */
export interface PrefixRange {
  from: string;
  /** The first string after every string with the prefix; null when there is none (no upper bound). */
  to: string | null;
}

const MAX_CODE_POINT = 0x10ffff;

/**
 * UTF-8 keeps code point order in byte order, so the next string after all that start with `prefix`
 * is the prefix with its last code point raised by one (a maximal last code point is dropped and the
 * one before it raised). Surrogates are not characters: past 0xD7FF comes 0xE000.
 */
export function prefixRange(prefix: string): PrefixRange {
  const points = [...prefix];
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    if (last === MAX_CODE_POINT) continue;
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    return { from: prefix, to: points.join('') + String.fromCodePoint(next) };
  }
  return { from: prefix, to: null };
}
