import { describe, expect, it } from 'vitest';
import { prefixRange } from './prefix-range';

/** Byte order of UTF-8, as PostgreSQL's C collation compares. */
const bytes = (s: string) => Buffer.from(s, 'utf8');
const inRange = (s: string, prefix: string) => {
  const { from, to } = prefixRange(prefix);
  return (
    Buffer.compare(bytes(s), bytes(from)) >= 0 && (to === null || Buffer.compare(bytes(s), bytes(to)) < 0)
  );
};

describe('prefixRange', () => {
  it('bounds the strings that start with a prefix', () => {
    expect(prefixRange('smi')).toEqual({ from: 'smi', to: 'smj' });
    expect(prefixRange('o’b')).toEqual({ from: 'o’b', to: 'o’c' });
    for (const s of ['smi', 'smith', 'smi~', 'smiß', 'smi\u{10fff0}x']) expect(inRange(s, 'smi')).toBe(true);
    for (const s of ['smh', 'smj', 'sm', 'snow', 'SMITH']) expect(inRange(s, 'smi')).toBe(false);
  });

  it('steps over surrogates and past the largest code point', () => {
    expect(prefixRange('a\ud7ff')).toEqual({ from: 'a\ud7ff', to: 'a\ue000' });
    expect(prefixRange('a\u{10ffff}')).toEqual({ from: 'a\u{10ffff}', to: 'b' });
    expect(prefixRange('\u{10ffff}')).toEqual({ from: '\u{10ffff}', to: null });
    expect(inRange('a\u{10ffff}zz', 'a\u{10ffff}')).toBe(true);
  });
});
