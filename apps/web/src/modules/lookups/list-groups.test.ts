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
    expect(groups).toHaveLength(1);
    expect(groups[0]?.lists.map((s) => s.title)).toEqual(['Alert types']);
  });
});
