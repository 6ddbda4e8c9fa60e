import { describe, expect, it } from 'vitest';
import { likeContains } from './list-query';

describe('likeContains', () => {
  it('wraps the text in wildcards and escapes LIKE metacharacters', () => {
    expect(likeContains('abc')).toBe('%abc%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
