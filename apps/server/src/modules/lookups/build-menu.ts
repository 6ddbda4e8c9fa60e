export interface MenuNode {
  id: string;
  label: string;
  slug: string;
  children: MenuNode[];
}

/** Nests pages under their parents; a page whose parent is not published hangs at the top. */
export function buildMenu(rows: readonly { id: string; label: unknown; slug: unknown; parent_id: unknown }[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, label: String(r.label), slug: String(r.slug), children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = typeof r.parent_id === 'string' && r.parent_id !== r.id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
