import type { FormDefinition, FormGroup, FormPage, FormQuestion } from '@licensure/contracts';

/** Where a question sits in the tree. */
export interface QuestionPlace {
  page: FormPage;
  group: FormGroup;
  question: FormQuestion;
  pageIndex: number;
  groupIndex: number;
  index: number;
}

/** Where a group sits in the tree. */
export interface GroupPlace {
  page: FormPage;
  group: FormGroup;
  pageIndex: number;
  index: number;
}

export function findQuestion(form: FormDefinition, id: string): QuestionPlace | null {
  for (const [pageIndex, page] of form.pages.entries())
    for (const [groupIndex, group] of page.groups.entries()) {
      const index = group.questions.findIndex((q) => q.id === id);
      const question = group.questions[index];
      if (question) return { page, group, question, pageIndex, groupIndex, index };
    }
  return null;
}

export function findGroup(form: FormDefinition, id: string): GroupPlace | null {
  for (const [pageIndex, page] of form.pages.entries()) {
    const index = page.groups.findIndex((g) => g.id === id);
    const group = page.groups[index];
    if (group) return { page, group, pageIndex, index };
  }
  return null;
}

/** Every question in form order: pages, then groups, then questions. */
export function questionsInOrder(form: FormDefinition): QuestionPlace[] {
  const all: QuestionPlace[] = [];
  for (const [pageIndex, page] of form.pages.entries())
    for (const [groupIndex, group] of page.groups.entries())
      for (const [index, question] of group.questions.entries())
        all.push({ page, group, question, pageIndex, groupIndex, index });
  return all;
}

/**
 * The questions that may control a group or question: those earlier in form order. A group's own
 * questions come after the group, so they never control it.
 */
export function questionsBefore(form: FormDefinition, targetId: string): QuestionPlace[] {
  const all = questionsInOrder(form);
  const asQuestion = all.findIndex((p) => p.question.id === targetId);
  if (asQuestion >= 0) return all.slice(0, asQuestion);
  const group = findGroup(form, targetId);
  if (!group) return [];
  return all.filter(
    (p) => p.pageIndex < group.pageIndex || (p.pageIndex === group.pageIndex && p.groupIndex < group.index),
  );
}

/** The conditions on one group or question, in the order they are read. */
export function conditionsOn(form: FormDefinition, targetId: string) {
  return form.conditions.filter((c) => (c.target_group_id ?? c.target_question_id) === targetId);
}

/** What to call a group in lists and button names. */
export function groupName(group: Pick<FormGroup, 'title'>, index: number): string {
  return group.title?.trim() || `Group ${index + 1}`;
}

export function questionName(question: Pick<FormQuestion, 'label'>): string {
  return question.label.trim() || 'Untitled question';
}

/**
 * Conditions that cannot work as they stand: their source question is gone or does not come before
 * their target (the server refuses them). Keyed by condition id, with the reason in words.
 */
export function conditionProblems(form: FormDefinition): Map<string, string> {
  const problems = new Map<string, string>();
  const order = new Map(questionsInOrder(form).map((p, i) => [p.question.id, i]));
  for (const c of form.conditions) {
    const target = c.target_group_id ?? c.target_question_id ?? '';
    const source = order.get(c.source_question_id);
    if (source === undefined) {
      problems.set(c.id, 'The question this condition depends on no longer exists.');
      continue;
    }
    const earlier = new Set(questionsBefore(form, target).map((p) => p.question.id));
    if (!earlier.has(c.source_question_id))
      problems.set(c.id, 'The question this condition depends on must come earlier in the form.');
  }
  return problems;
}
