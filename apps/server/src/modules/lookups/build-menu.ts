export interface MenuNode {
  id: string;
  label: string;
  slug: string;
  children: MenuNode[];
}

/**
 * Nests pages under their parents; a page whose parent is not published hangs at the top. Parents can
 * form a cycle (each edit is valid on its own); the link that would close it is dropped, so that page
 * hangs at the top and every page is shown once.
 */
export function buildMenu(
  rows: readonly { id: string; label: unknown; slug: unknown; parent_id: unknown }[],
): MenuNode[] {
  const nodes = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, label: String(r.label), slug: String(r.slug), children: [] as MenuNode[] },
    ]),
  );
  const attachedTo = new Map<string, string>();
  const closesCycle = (id: string, parentId: string) => {
    for (let p: string | undefined = parentId; p !== undefined; p = attachedTo.get(p))
      if (p === id) return true;
    return false;
  };
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parentId =
      typeof r.parent_id === 'string' && nodes.has(r.parent_id) && !closesCycle(r.id, r.parent_id)
        ? r.parent_id
        : undefined;
    if (parentId) attachedTo.set(r.id, parentId);
    (parentId ? nodes.get(parentId)!.children : roots).push(node);
  }
  return roots;
}
