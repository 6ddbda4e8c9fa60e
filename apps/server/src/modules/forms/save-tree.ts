// Writes a form's tree by diffing ids against the stored one: rows that stay are updated only when
// they changed, new ones inserted, missing ones deleted. Question ids therefore stay stable.
import type { FormDefinition } from '@licensure/contracts';
import { fbConditions, fbGroups, fbPages, fbQuestions, fbReimbursementRules, type Tx } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeTreeEdit } from './form-store';
import { checkTree } from './validate-tree';

type Row = { id: string } & Record<string, unknown>;
type Tree = Pick<FormDefinition, 'pages' | 'conditions' | 'reimbursement_rules'>;

const money = (n: number | null | undefined) =>
  n === null || n === undefined ? null : Math.round(n * 100) / 100;

/** The rows of each tree table, with parents and sort orders, as the database holds them. */
export function rowsOf(tree: Tree) {
  const pages: Row[] = [];
  const groups: Row[] = [];
  const questions: Row[] = [];
  tree.pages.forEach((p, i) => {
    pages.push({ id: p.id, title: p.title, sort_order: i });
    p.groups.forEach((g, j) => {
      groups.push({
        id: g.id,
        page_id: p.id,
        title: g.title ?? null,
        description: g.description ?? null,
        spot_check: g.spot_check,
        populate_entity: g.populate_entity ?? null,
        sort_order: j,
      });
      g.questions.forEach((q, k) => {
        questions.push({
          id: q.id,
          group_id: g.id,
          kind: q.kind,
          label: q.label,
          help_text: q.help_text ?? null,
          required: q.required,
          required_message: q.required_message ?? null,
          format: q.format ?? null,
          format_message: q.format_message ?? null,
          min: q.min ?? null,
          max: q.max ?? null,
          options: q.options.map((o) => ({ id: o.id, label: o.label })),
          data_section_name: q.data_section_name ?? null,
          element_id: q.element_id ?? null,
          document_type_id: q.document_type_id ?? null,
          sort_order: k,
        });
      });
    });
  });
  const conditions: Row[] = tree.conditions.map((c, i) => ({
    id: c.id,
    target_group_id: c.target_group_id ?? null,
    target_question_id: c.target_question_id ?? null,
    source_question_id: c.source_question_id,
    operator: c.operator,
    value: c.value ?? null,
    and_flag: c.and_flag,
    sort_order: i,
  }));
  const rules: Row[] = tree.reimbursement_rules.map((r, i) => ({
    id: r.id,
    question_id: r.question_id ?? null,
    description: r.description,
    amount: money(r.amount),
    max_amount: money(r.max_amount),
    sort_order: i,
  }));
  return { pages, groups, questions, conditions, rules };
}

interface TableDiff {
  insert: Row[];
  update: Row[];
  remove: string[];
}

function diff(before: Row[], after: Row[]): TableDiff {
  const old = new Map(before.map((r) => [r.id, JSON.stringify(r)]));
  const kept = new Set(after.map((r) => r.id));
  return {
    insert: after.filter((r) => !old.has(r.id)),
    update: after.filter((r) => old.has(r.id) && old.get(r.id) !== JSON.stringify(r)),
    remove: before.filter((r) => !kept.has(r.id)).map((r) => r.id),
  };
}

export type TreePlan = Record<keyof ReturnType<typeof rowsOf>, TableDiff>;

/** What must change to turn the stored tree into the new one. */
export function planTree(live: Tree | null, next: Tree): TreePlan {
  const a = rowsOf(live ?? { pages: [], conditions: [], reimbursement_rules: [] });
  const b = rowsOf(next);
  return {
    pages: diff(a.pages, b.pages),
    groups: diff(a.groups, b.groups),
    questions: diff(a.questions, b.questions),
    conditions: diff(a.conditions, b.conditions),
    rules: diff(a.rules, b.rules),
  };
}

export const planChanges = (plan: TreePlan) =>
  Object.values(plan).some((d) => d.insert.length + d.update.length + d.remove.length > 0);

type TreeTable = PgTable & { id: PgColumn; form_id: PgColumn };

async function insertRows(tx: Tx, table: TreeTable, rows: Row[], enterpriseId: string, formId: string) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, enterprise_id: enterpriseId, form_id: formId })));
  }
}

async function updateRows(tx: Tx, table: TreeTable, rows: Row[], formId: string) {
  const now = new Date();
  for (const { id, ...values } of rows) {
    await tx
      .update(table)
      .set({ ...values, updated_at: now })
      .where(and(eq(table.id, id), eq(table.form_id, formId)));
  }
}

async function removeRows(tx: Tx, table: TreeTable, ids: string[], formId: string) {
  if (ids.length > 0) await tx.delete(table).where(and(inArray(table.id, ids), eq(table.form_id, formId)));
}

/**
 * Applies a plan in an order the foreign keys allow: rows are moved and conditions repointed before
 * old parents and sources are removed (whose deletion cascades).
 */
async function applyPlan(tx: Tx, enterpriseId: string, formId: string, plan: TreePlan) {
  await removeRows(tx, fbConditions, plan.conditions.remove, formId);
  await removeRows(tx, fbReimbursementRules, plan.rules.remove, formId);
  await insertRows(tx, fbPages, plan.pages.insert, enterpriseId, formId);
  await updateRows(tx, fbPages, plan.pages.update, formId);
  await insertRows(tx, fbGroups, plan.groups.insert, enterpriseId, formId);
  await updateRows(tx, fbGroups, plan.groups.update, formId);
  await insertRows(tx, fbQuestions, plan.questions.insert, enterpriseId, formId);
  await updateRows(tx, fbQuestions, plan.questions.update, formId);
  await updateRows(tx, fbConditions, plan.conditions.update, formId);
  await insertRows(tx, fbConditions, plan.conditions.insert, enterpriseId, formId);
  await updateRows(tx, fbReimbursementRules, plan.rules.update, formId);
  await insertRows(tx, fbReimbursementRules, plan.rules.insert, enterpriseId, formId);
  await removeRows(tx, fbQuestions, plan.questions.remove, formId);
  await removeRows(tx, fbGroups, plan.groups.remove, formId);
  await removeRows(tx, fbPages, plan.pages.remove, formId);
}

/**
 * Checks and writes the tree of form `formId` (whose row exists) in the caller's transaction. When
 * the tree changes, the versioning rule runs first. Returns the form's version afterwards.
 */
export async function writeFormTree(
  tx: Tx,
  enterpriseId: string,
  formId: string,
  live: (Tree & { version: number }) | null,
  next: FormDefinition,
): Promise<{ version: number; changed: boolean }> {
  await checkTree(tx, enterpriseId, formId, next);
  const plan = planTree(live, next);
  if (!planChanges(plan)) return { version: live?.version ?? 1, changed: false };
  const version = await beforeTreeEdit(tx, enterpriseId, formId);
  await applyPlan(tx, enterpriseId, formId, plan);
  return { version, changed: true };
}
