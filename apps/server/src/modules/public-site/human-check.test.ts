import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solveChallenge, solves } from './human-check';

describe('the local human check', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Buffer.from([0xff]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0x00, 0x10]))).toBe(11);
    expect(leadingZeroBits(Buffer.from([0x01]))).toBe(7);
    expect(leadingZeroBits(Buffer.from([0, 0]))).toBe(16);
  });

  it('finds and checks an answer of the asked difficulty', () => {
    const challenge = '6f1c2d3e-0000-4000-8000-000000000001';
    const token = solveChallenge(challenge, 10);
    const counter = token.split(':')[1]!;
    expect(solves(challenge, counter, 10)).toBe(true);
    const hash = createHash('sha256').update(token).digest();
    expect(leadingZeroBits(hash)).toBeGreaterThanOrEqual(10);
    // A harder difficulty than the answer meets, or a counter that is not a plain number, does not pass.
    expect(solves(challenge, counter, 256)).toBe(false);
    expect(solves(challenge, `${counter} `, 10)).toBe(false);
    expect(solves(challenge, '-1', 0)).toBe(false);
  });
});
