/**
 * Reads a statement's plan (EXPLAIN (FORMAT JSON)) for what makes a set-based run quadratic: a node
 * executed once per row of another that reads a whole table or a whole intermediate result. That is the
 * inner side of a Nested Loop that is not an index lookup (Seq Scan, Materialize, CTE/Subquery/Function
 * Scan, or a Bitmap Heap Scan with no index condition), or a sequential scan inside a SubPlan that is not
 * hashed (run once per outer row).
 */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Alias?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Actual Total Time'?: number;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

const PER_ROW_READS = new Set(['Seq Scan', 'Materialize', 'CTE Scan', 'Subquery Scan', 'Function Scan']);

function walk(node: PlanNode, visit: (n: PlanNode, path: PlanNode[]) => void, path: PlanNode[] = []) {
  visit(node, path);
  for (const child of node.Plans ?? []) walk(child, visit, [...path, node]);
}

const label = (n: PlanNode) =>
  `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n.Alias && n.Alias !== n['Relation Name'] ? ` ${n.Alias}` : ''}`;

/** Each node of the plan that is read again per row of another node (empty: the plan is set-based). */
export function perRowScans(root: PlanNode): string[] {
  const found: string[] = [];
  walk(root, (n, path) => {
    const parent = path[path.length - 1];
    if (parent?.['Node Type'] === 'Nested Loop' && n['Parent Relationship'] === 'Inner') {
      // The inner side runs once per outer row: it must find its rows by an index, not read them all.
      let reads: PlanNode | undefined;
      walk(n, (d) => {
        if (!reads && PER_ROW_READS.has(d['Node Type'])) reads = d;
      });
      if (reads) found.push(`${label(reads)} per row of a Nested Loop (inner side)`);
    }
    if (n['Parent Relationship'] === 'SubPlan' && !/hashed/i.test(n['Subplan Name'] ?? '')) {
      walk(n, (d) => {
        if (d['Node Type'] === 'Seq Scan') found.push(`${label(d)} per row in ${n['Subplan Name']}`);
      });
    }
  });
  return [...new Set(found)];
}

/** The plan as indented text lines (node, relation, estimated and, when analysed, actual rows and loops). */
export function planText(root: PlanNode): string {
  const lines: string[] = [];
  walk(root, (n, path) => {
    const actual =
      n['Actual Loops'] !== undefined
        ? ` (actual rows=${n['Actual Rows']} loops=${n['Actual Loops']} time=${n['Actual Total Time']} ms)`
        : '';
    lines.push(`${'  '.repeat(path.length)}-> ${label(n)} (est rows=${n['Plan Rows']})${actual}`);
  });
  return lines.join('\n');
}
