import { describe, expect, it } from 'vitest';
import { addressesOf, statusLabel } from './correspondence-api';

describe('correspondence screens', () => {
  it('reads addresses separated by commas, semicolons or spaces', () => {
    expect(addressesOf(' a@example.org, b@example.org;c@example.org  d@example.org ')).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
      'd@example.org',
    ]);
    expect(addressesOf('')).toEqual([]);
  });

  it('names every state of a send in words', () => {
    for (const s of ['queued', 'sending', 'sent', 'held', 'partial', 'failed'])
      expect(statusLabel[s]).toBeTruthy();
  });
});
