import { describe, expect, it } from 'vitest';
import { answerHumanCheck } from './human-check';

const zeroBits = (bytes: Uint8Array) => {
  let bits = 0;
  for (const b of bytes) {
    if (b !== 0) return bits + Math.clz32(b) - 24;
    bits += 8;
  }
  return bits;
};

describe('answerHumanCheck (local)', () => {
  it("finds a counter whose SHA-256 of challenge:counter starts with the challenge's zero bits", async () => {
    const challenge = '0b7f4b8e-2f7c-4c55-9d3e-6c1f0a2b3c4d';
    const token = await answerHumanCheck(
      { kind: 'local', challenge, difficulty: 8, expires_at: new Date().toISOString() },
      'firedrill',
    );
    expect(token.startsWith(`${challenge}:`)).toBe(true);
    expect(token.split(':')[1]).toMatch(/^\d+$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    expect(zeroBits(digest)).toBeGreaterThanOrEqual(8);
  });
});
