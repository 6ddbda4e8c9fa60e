import { describe, expect, it } from 'vitest';
import { datedNumber, formatNumber } from './autonumbers';

describe('auto numbers', () => {
  it('formats prefix, padded counter and suffix', () => {
    expect(formatNumber(42, 'CMP-', 4, '-TX')).toBe('CMP-0042-TX');
    expect(formatNumber(12345, null, 3, null)).toBe('12345');
  });

  it('gives a dated number with a five-character random tail when none is configured', () => {
    const n = datedNumber('INS', new Date('2026-11-26T10:00:00Z'));
    expect(n).toMatch(/^INS-20261126-[0-9A-Z]{5}$/);
  });
});
