import { describe, expect, it } from 'vitest';
import { buildMenu } from './build-menu';

describe('buildMenu', () => {
  it('nests pages under their parents in the given order and lifts orphans to the top', () => {
    const menu = buildMenu([
      { id: 'a', label: 'About', slug: 'about', parent_id: null },
      { id: 'b', label: 'Staff', slug: 'staff', parent_id: 'a' },
      { id: 'c', label: 'Forms', slug: 'forms', parent_id: 'unpublished-parent' },
      { id: 'd', label: 'History', slug: 'history', parent_id: 'a' },
    ]);
    expect(menu.map((n) => n.id)).toEqual(['a', 'c']);
    expect(menu[0]!.children.map((n) => n.id)).toEqual(['b', 'd']);
  });

  it('does not make a page its own child', () => {
    expect(buildMenu([{ id: 'a', label: 'A', slug: 'a', parent_id: 'a' }])).toHaveLength(1);
  });
});

describe('buildMenu with a cycle of parents', () => {
  it('cuts the cycle once, so every page appears once', () => {
    const menu = buildMenu([
      { id: 'a', label: 'A', slug: 'a', parent_id: 'c' },
      { id: 'b', label: 'B', slug: 'b', parent_id: 'a' },
      { id: 'c', label: 'C', slug: 'c', parent_id: 'b' },
      { id: 'd', label: 'D', slug: 'd', parent_id: 'b' },
    ]);
    expect(menu.map((n) => n.id)).toEqual(['c']);
    expect(JSON.parse(JSON.stringify(menu))).toEqual([
      {
        id: 'c',
        label: 'C',
        slug: 'c',
        children: [
          {
            id: 'a',
            label: 'A',
            slug: 'a',
            children: [
              {
                id: 'b',
                label: 'B',
                slug: 'b',
                children: [{ id: 'd', label: 'D', slug: 'd', children: [] }],
              },
            ],
          },
        ],
      },
    ]);
  });
});
