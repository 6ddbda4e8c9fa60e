import { referenceLists } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { groupLists } from './list-groups';

describe('groupLists', () => {
  it('places every reference list exactly once', () => {
    const keys = groupLists(referenceLists).flatMap((g) => g.lists.map((s) => s.key));
    expect([...keys].sort()).toEqual(referenceLists.map((s) => s.key).sort());
  });

  it('filters by title and drops empty groups', () => {
    const groups = groupLists(referenceLists, 'alert');
    const titles = groups.flatMap((g) => g.lists.map((s) => s.title));
    expect(titles).toContain('Alert types');
    expect(titles.every((t) => t.toLowerCase().includes('alert'))).toBe(true);
    expect(groups.every((g) => g.lists.length > 0)).toBe(true);
    expect(groups.length).toBeLessThan(groupLists(referenceLists).length);
  });
});
