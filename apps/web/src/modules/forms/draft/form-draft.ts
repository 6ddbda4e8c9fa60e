// The builder's edits of a form tree, as pure functions: each takes the form and returns a new one.
import {
  type FormCondition,
  type FormDefinition,
  type FormGroup,
  type FormPage,
  type FormQuestion,
  optionKinds,
  type QuestionKind,
  type ReimbursementRule,
} from '@licensure/contracts';
import { findGroup, findQuestion } from './form-tree';

type Id = () => string;
const uuid: Id = () => crypto.randomUUID();

export function newQuestion(kind: QuestionKind, label: string, id: Id = uuid): FormQuestion {
  return {
    id: id(),
    kind,
    label,
    help_text: null,
    required: false,
    required_message: null,
    format: null,
    format_message: null,
    min: null,
    max: null,
    options: optionKinds.includes(kind)
      ? [
          { id: id(), label: 'Option 1' },
          { id: id(), label: 'Option 2' },
        ]
      : [],
    data_section_name: null,
    element_id: null,
    document_type_id: null,
  };
}

export function newGroup(title: string | null = null, id: Id = uuid): FormGroup {
  return { id: id(), title, description: null, spot_check: false, populate_entity: null, questions: [] };
}

export function newPage(title: string, id: Id = uuid): FormPage {
  return { id: id(), title, groups: [newGroup('Group 1', id)] };
}

/** A new form: one page with one group, ready for the first question. */
export function emptyForm(id: Id = uuid): FormDefinition {
  return {
    name: '',
    description: null,
    form_type_id: null,
    document_type_id: null,
    // Nothing goes live on the first save: staff open the form to applicants when it is ready.
    active: false,
    applicant_access: 'none',
    pages: [newPage('Page 1', id)],
    conditions: [],
    reimbursement_rules: [],
  };
}

export type FormFields = Pick<
  FormDefinition,
  'name' | 'description' | 'form_type_id' | 'document_type_id' | 'active' | 'applicant_access'
>;

export function setFormFields(form: FormDefinition, patch: Partial<FormFields>): FormDefinition {
  return { ...form, ...patch };
}

/** Moves one item of a list to a new index (clamped); the list is unchanged when it is not there. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

function insertAt<T>(list: readonly T[], item: T, index?: number): T[] {
  const next = [...list];
  next.splice(index === undefined ? next.length : Math.max(0, Math.min(index, next.length)), 0, item);
  return next;
}

const mapGroups = (form: FormDefinition, fn: (group: FormGroup) => FormGroup): FormDefinition => ({
  ...form,
  pages: form.pages.map((p) => ({ ...p, groups: p.groups.map(fn) })),
});

const mapQuestion = (
  form: FormDefinition,
  id: string,
  fn: (question: FormQuestion) => FormQuestion,
): FormDefinition =>
  mapGroups(form, (g) =>
    g.questions.some((q) => q.id === id)
      ? { ...g, questions: g.questions.map((q) => (q.id === id ? fn(q) : q)) }
      : g,
  );

/** Drops the conditions and rule links of questions and groups that no longer exist. */
function withoutDangling(form: FormDefinition, removedIds: ReadonlySet<string>): FormDefinition {
  if (removedIds.size === 0) return form;
  return {
    ...form,
    conditions: form.conditions.filter(
      (c) =>
        !removedIds.has(c.source_question_id) &&
        !removedIds.has(c.target_group_id ?? '') &&
        !removedIds.has(c.target_question_id ?? ''),
    ),
    reimbursement_rules: form.reimbursement_rules.map((r) =>
      r.question_id && removedIds.has(r.question_id) ? { ...r, question_id: null } : r,
    ),
  };
}

const idsInGroup = (group: FormGroup) => [group.id, ...group.questions.map((q) => q.id)];

// Pages

export function addPage(form: FormDefinition, page: FormPage, index?: number): FormDefinition {
  return { ...form, pages: insertAt(form.pages, page, index) };
}

export function renamePage(form: FormDefinition, pageId: string, title: string): FormDefinition {
  return { ...form, pages: form.pages.map((p) => (p.id === pageId ? { ...p, title } : p)) };
}

/** Removes a page with its groups and questions, and the conditions that depended on them. */
export function removePage(form: FormDefinition, pageId: string): FormDefinition {
  const page = form.pages.find((p) => p.id === pageId);
  if (!page) return form;
  const removed = new Set(page.groups.flatMap(idsInGroup));
  return withoutDangling({ ...form, pages: form.pages.filter((p) => p.id !== pageId) }, removed);
}

export function movePage(form: FormDefinition, pageId: string, toIndex: number): FormDefinition {
  const from = form.pages.findIndex((p) => p.id === pageId);
  return { ...form, pages: moveItem(form.pages, from, toIndex) };
}

// Groups

export function addGroup(form: FormDefinition, pageId: string, group: FormGroup, index?: number) {
  return {
    ...form,
    pages: form.pages.map((p) => (p.id === pageId ? { ...p, groups: insertAt(p.groups, group, index) } : p)),
  };
}

export type GroupFields = Pick<FormGroup, 'title' | 'description' | 'spot_check' | 'populate_entity'>;

export function updateGroup(form: FormDefinition, groupId: string, patch: Partial<GroupFields>) {
  return mapGroups(form, (g) => (g.id === groupId ? { ...g, ...patch } : g));
}

/** Removes a group with its questions, and the conditions that depended on them. */
export function removeGroup(form: FormDefinition, groupId: string): FormDefinition {
  const place = findGroup(form, groupId);
  if (!place) return form;
  const pages = form.pages.map((p) => ({ ...p, groups: p.groups.filter((g) => g.id !== groupId) }));
  return withoutDangling({ ...form, pages }, new Set(idsInGroup(place.group)));
}

/** Moves a group to an index of a page (the index in the page after the group has left its place). */
export function moveGroup(form: FormDefinition, groupId: string, toPageId: string, toIndex: number) {
  const place = findGroup(form, groupId);
  if (!place || !form.pages.some((p) => p.id === toPageId)) return form;
  const without = form.pages.map((p) => ({ ...p, groups: p.groups.filter((g) => g.id !== groupId) }));
  return {
    ...form,
    pages: without.map((p) =>
      p.id === toPageId ? { ...p, groups: insertAt(p.groups, place.group, toIndex) } : p,
    ),
  };
}

// Questions

export function addQuestion(form: FormDefinition, groupId: string, question: FormQuestion, index?: number) {
  return mapGroups(form, (g) =>
    g.id === groupId ? { ...g, questions: insertAt(g.questions, question, index) } : g,
  );
}

export type QuestionFields = Omit<FormQuestion, 'id' | 'options'>;

export function updateQuestion(form: FormDefinition, questionId: string, patch: Partial<QuestionFields>) {
  return mapQuestion(form, questionId, (q) => {
    const next = { ...q, ...patch };
    // Options belong to the kinds that list them; a question turned into text keeps none.
    if (patch.kind && !optionKinds.includes(patch.kind)) next.options = [];
    return next;
  });
}

/** Removes a question and the conditions that depended on it or showed it. */
export function removeQuestion(form: FormDefinition, questionId: string): FormDefinition {
  const without = mapGroups(form, (g) =>
    g.questions.some((q) => q.id === questionId)
      ? { ...g, questions: g.questions.filter((q) => q.id !== questionId) }
      : g,
  );
  return withoutDangling(without, new Set([questionId]));
}

/** Moves a question to an index of a group (the index in that group after the question has left). */
export function moveQuestion(form: FormDefinition, questionId: string, toGroupId: string, toIndex: number) {
  const place = findQuestion(form, questionId);
  if (!place || !findGroup(form, toGroupId)) return form;
  const without = mapGroups(form, (g) =>
    g.id === place.group.id ? { ...g, questions: g.questions.filter((q) => q.id !== questionId) } : g,
  );
  return addQuestion(without, toGroupId, place.question, toIndex);
}

// Options of select, multi-select and radio questions

export function addOption(form: FormDefinition, questionId: string, label: string, id: Id = uuid) {
  return mapQuestion(form, questionId, (q) => ({ ...q, options: [...q.options, { id: id(), label }] }));
}

export function renameOption(form: FormDefinition, questionId: string, optionId: string, label: string) {
  return mapQuestion(form, questionId, (q) => ({
    ...q,
    options: q.options.map((o) => (o.id === optionId ? { ...o, label } : o)),
  }));
}

export function moveOption(form: FormDefinition, questionId: string, optionId: string, toIndex: number) {
  return mapQuestion(form, questionId, (q) => ({
    ...q,
    options: moveItem(
      q.options,
      q.options.findIndex((o) => o.id === optionId),
      toIndex,
    ),
  }));
}

/** Removes an option; conditions that compared an answer with it then compare with nothing. */
export function removeOption(form: FormDefinition, questionId: string, optionId: string): FormDefinition {
  const next = mapQuestion(form, questionId, (q) => ({
    ...q,
    options: q.options.filter((o) => o.id !== optionId),
  }));
  return {
    ...next,
    conditions: next.conditions.map((c) =>
      c.source_question_id === questionId && c.value === optionId ? { ...c, value: null } : c,
    ),
  };
}

// Conditions

export function addCondition(form: FormDefinition, condition: FormCondition): FormDefinition {
  return { ...form, conditions: [...form.conditions, condition] };
}

export type ConditionFields = Pick<FormCondition, 'source_question_id' | 'operator' | 'value' | 'and_flag'>;

export function updateCondition(form: FormDefinition, conditionId: string, patch: Partial<ConditionFields>) {
  return {
    ...form,
    conditions: form.conditions.map((c) => {
      if (c.id !== conditionId) return c;
      const next = { ...c, ...patch };
      // A different question has different answers: the compared value no longer means anything.
      if (
        patch.source_question_id &&
        patch.source_question_id !== c.source_question_id &&
        !('value' in patch)
      )
        next.value = null;
      return next;
    }),
  };
}

export function removeCondition(form: FormDefinition, conditionId: string): FormDefinition {
  return { ...form, conditions: form.conditions.filter((c) => c.id !== conditionId) };
}

/** A new condition on a group or question, shown when the source question is answered. */
export function newCondition(
  target: { kind: 'group' | 'question'; id: string },
  sourceQuestionId: string,
  id: Id = uuid,
): FormCondition {
  return {
    id: id(),
    target_group_id: target.kind === 'group' ? target.id : null,
    target_question_id: target.kind === 'question' ? target.id : null,
    source_question_id: sourceQuestionId,
    operator: 'is_answered',
    value: null,
    and_flag: true,
  };
}

// Reimbursement rules

export function newRule(id: Id = uuid): ReimbursementRule {
  return { id: id(), question_id: null, description: '', amount: 0, max_amount: null };
}

export function addRule(form: FormDefinition, rule: ReimbursementRule): FormDefinition {
  return { ...form, reimbursement_rules: [...form.reimbursement_rules, rule] };
}

export function updateRule(
  form: FormDefinition,
  ruleId: string,
  patch: Partial<Omit<ReimbursementRule, 'id'>>,
) {
  return {
    ...form,
    reimbursement_rules: form.reimbursement_rules.map((r) => (r.id === ruleId ? { ...r, ...patch } : r)),
  };
}

export function removeRule(form: FormDefinition, ruleId: string): FormDefinition {
  return { ...form, reimbursement_rules: form.reimbursement_rules.filter((r) => r.id !== ruleId) };
}
