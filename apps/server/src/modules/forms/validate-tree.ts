// Checks a form's tree before it is written: shape rules, references to enterprise data, and ids
// that belong to another form.
import type { FormDefinition } from '@licensure/contracts';
import {
  document_types,
  fb_elements,
  fb_form_types,
  fbConditions,
  fbForms,
  fbGroups,
  fbPages,
  fbQuestions,
  fbReimbursementRules,
  type ReferenceTable,
  type Tx,
} from '@licensure/db';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, badRequest } from '../../platform/http/errors';

/** Every id of the tree with the path of the field that holds it, in form order. */
export function idPaths(def: FormDefinition): { id: string; path: string; table: TreeTable }[] {
  const out: { id: string; path: string; table: TreeTable }[] = [];
  def.pages.forEach((p, i) => {
    out.push({ id: p.id, path: `pages.${i}.id`, table: 'pages' });
    p.groups.forEach((g, j) => {
      out.push({ id: g.id, path: `pages.${i}.groups.${j}.id`, table: 'groups' });
      g.questions.forEach((q, k) => {
        out.push({ id: q.id, path: `pages.${i}.groups.${j}.questions.${k}.id`, table: 'questions' });
      });
    });
  });
  def.conditions.forEach((c, i) => {
    out.push({ id: c.id, path: `conditions.${i}.id`, table: 'conditions' });
  });
  def.reimbursement_rules.forEach((r, i) => {
    out.push({ id: r.id, path: `reimbursement_rules.${i}.id`, table: 'rules' });
  });
  return out;
}
export type TreeTable = 'pages' | 'groups' | 'questions' | 'conditions' | 'rules';

/**
 * The place of each group and question in reading order. A group sits before its own questions,
 * so a condition on a group may only read questions of earlier groups.
 */
export function formOrder(def: Pick<FormDefinition, 'pages'>) {
  const groups = new Map<string, number>();
  const questions = new Map<string, number>();
  let position = 0;
  for (const p of def.pages)
    for (const g of p.groups) {
      groups.set(g.id, position++);
      for (const q of g.questions) questions.set(q.id, position++);
    }
  return { groups, questions };
}

/** Rules that need only the tree itself: unique ids and options, conditions that read earlier answers. */
export function shapeProblems(def: FormDefinition): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { id, path } of idPaths(def)) {
    if (seen.has(id)) problems[path] ??= 'This id is used twice in the form.';
    seen.add(id);
  }
  def.pages.forEach((p, i) => {
    p.groups.forEach((g, j) => {
      g.questions.forEach((q, k) => {
        const options = new Set<string>();
        q.options.forEach((o, m) => {
          if (options.has(o.id))
            problems[`pages.${i}.groups.${j}.questions.${k}.options.${m}.id`] =
              'Option ids must be unique within a question.';
          options.add(o.id);
        });
      });
    });
  });
  const order = formOrder(def);
  def.conditions.forEach((c, i) => {
    const at = `conditions.${i}`;
    const source = order.questions.get(c.source_question_id);
    if (source === undefined) {
      problems[`${at}.source_question_id`] = 'The source question is not a question of this form.';
      return;
    }
    const target = c.target_group_id
      ? order.groups.get(c.target_group_id)
      : order.questions.get(c.target_question_id ?? '');
    if (target === undefined) {
      const field = c.target_group_id ? 'target_group_id' : 'target_question_id';
      problems[`${at}.${field}`] =
        `The ${c.target_group_id ? 'group' : 'question'} shown is not part of this form.`;
      return;
    }
    if (source >= target)
      problems[`${at}.source_question_id`] =
        'A condition can only read a question that comes before the group or question it shows.';
  });
  def.reimbursement_rules.forEach((r, i) => {
    if (r.question_id && !order.questions.has(r.question_id))
      problems[`reimbursement_rules.${i}.question_id`] = 'The question is not a question of this form.';
  });
  return problems;
}

/** 400 naming the first field whose id is not a record of `table` in the enterprise. */
async function requireRecords(
  tx: Tx,
  table: ReferenceTable,
  enterpriseId: string,
  refs: { id: string; path: string }[],
  what: string,
  problems: Record<string, string>,
) {
  const wanted = [...new Set(refs.map((r) => r.id))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.enterprise_id, enterpriseId), inArray(table.id, wanted)));
  const known = new Set(found.map((r) => r.id as string));
  for (const r of refs) if (!known.has(r.id)) problems[r.path] ??= `There is no ${what} ${r.id}.`;
}

async function referenceProblems(tx: Tx, enterpriseId: string, def: FormDefinition) {
  const problems: Record<string, string> = {};
  const elements: { id: string; path: string }[] = [];
  const documentTypes: { id: string; path: string }[] = [];
  if (def.document_type_id) documentTypes.push({ id: def.document_type_id, path: 'document_type_id' });
  def.pages.forEach((p, i) => {
    p.groups.forEach((g, j) => {
      g.questions.forEach((q, k) => {
        const at = `pages.${i}.groups.${j}.questions.${k}`;
        if (q.element_id) elements.push({ id: q.element_id, path: `${at}.element_id` });
        if (q.document_type_id)
          documentTypes.push({ id: q.document_type_id, path: `${at}.document_type_id` });
      });
    });
  });
  if (def.form_type_id)
    await requireRecords(
      tx,
      fb_form_types,
      enterpriseId,
      [{ id: def.form_type_id, path: 'form_type_id' }],
      'form type',
      problems,
    );
  await requireRecords(tx, fb_elements, enterpriseId, elements, 'form element', problems);
  await requireRecords(tx, document_types, enterpriseId, documentTypes, 'document type', problems);
  return problems;
}

const tables: Record<TreeTable, PgTable & { id: PgColumn; form_id: PgColumn }> = {
  pages: fbPages,
  groups: fbGroups,
  questions: fbQuestions,
  conditions: fbConditions,
  rules: fbReimbursementRules,
};

/** 409 naming the first field whose id already belongs to another form (of any enterprise). */
async function checkIdsFree(tx: Tx, formId: string, def: FormDefinition) {
  const all = idPaths(def);
  for (const [name, table] of Object.entries(tables) as [TreeTable, (typeof tables)[TreeTable]][]) {
    const mine = all.filter((x) => x.table === name);
    if (mine.length === 0) continue;
    const taken = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          inArray(
            table.id,
            mine.map((x) => x.id),
          ),
          ne(table.form_id, formId),
        ),
      );
    const used = new Set(taken.map((r) => r.id as string));
    const clash = mine.find((x) => used.has(x.id));
    if (clash)
      throw new AppError('conflict', 'An id of this form is already used by another form.', {
        [clash.path]: 'This id is already used by another form.',
      });
  }
}

/** 409 when a client-chosen form id is taken by a form the caller cannot update. */
export async function checkFormIdFree(tx: Tx, formId: string) {
  const [taken] = await tx.select({ id: fbForms.id }).from(fbForms).where(eq(fbForms.id, formId));
  if (taken)
    throw new AppError('conflict', 'This form id is already used.', { id: 'This id is already used.' });
}

/** Every check of a tree about to be written as form `formId`: 400 or 409 naming the field. */
export async function checkTree(tx: Tx, enterpriseId: string, formId: string, def: FormDefinition) {
  const shape = shapeProblems(def);
  if (Object.keys(shape).length > 0) throw badRequest(shape);
  const refs = await referenceProblems(tx, enterpriseId, def);
  if (Object.keys(refs).length > 0) throw badRequest(refs);
  await checkIdsFree(tx, formId, def);
}
