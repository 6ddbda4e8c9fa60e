// Field errors of a form save, from the server (`pages.0.groups.1.questions.2.label`) or from the
// same checks run in the browser, tied to the page, group, question, condition or rule they are about.
import { type FormDefinition, formDefinition } from '@licensure/contracts';
import { conditionProblems, findGroup, findQuestion, groupName, questionName } from './form-tree';

export type ItemKind = 'form' | 'page' | 'group' | 'question' | 'condition' | 'rule';

export interface LocatedError {
  kind: ItemKind;
  /** The item's id; empty for the form itself. */
  id: string;
  /** The field of that item (`label`, `options.1.label`, `source_question_id`). */
  field: string;
  message: string;
}

const isIndex = (s: string | undefined): s is string => s !== undefined && /^\d+$/.test(s);

function locateOne(form: FormDefinition, path: string, message: string): LocatedError {
  const parts = path.replace(/^form\./, '').split('.');
  const rest = (from: number) => parts.slice(from).join('.');
  const [head, i0, , i1, , i2] = parts;
  if (head === 'pages' && isIndex(i0)) {
    const page = form.pages[Number(i0)];
    if (page) {
      const group = isIndex(i1) && parts[2] === 'groups' ? page.groups[Number(i1)] : undefined;
      if (!group) return { kind: 'page', id: page.id, field: rest(2), message };
      const question = isIndex(i2) && parts[4] === 'questions' ? group.questions[Number(i2)] : undefined;
      if (!question) return { kind: 'group', id: group.id, field: rest(4), message };
      return { kind: 'question', id: question.id, field: rest(6), message };
    }
  }
  if (head === 'conditions' && isIndex(i0)) {
    const condition = form.conditions[Number(i0)];
    if (condition) return { kind: 'condition', id: condition.id, field: rest(2), message };
  }
  if (head === 'reimbursement_rules' && isIndex(i0)) {
    const rule = form.reimbursement_rules[Number(i0)];
    if (rule) return { kind: 'rule', id: rule.id, field: rest(2), message };
  }
  return { kind: 'form', id: '', field: parts.join('.'), message };
}

/** Ties each field error to its item in the form that was sent (indexes refer to that form). */
export function locateFieldErrors(form: FormDefinition, fields: Readonly<Record<string, string>>) {
  return Object.entries(fields).map(([path, message]) => locateOne(form, path, message));
}

/** The errors of one item, by field. */
export function errorsOf(errors: readonly LocatedError[], kind: ItemKind, id = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (e.kind === kind && e.id === id) out[e.field] ??= e.message;
  return out;
}

/** Removes the error of one field once it has been edited. */
export function clearError(errors: readonly LocatedError[], kind: ItemKind, id: string, field: string) {
  const next = errors.filter((e) => !(e.kind === kind && e.id === id && e.field === field));
  return next.length === errors.length ? errors : next;
}

/**
 * The checks the server makes, run before sending: the contract's schema, and conditions that depend
 * on a later question. Keys are paths like the server's.
 */
export function checkDraft(form: FormDefinition): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = formDefinition.safeParse(form);
  if (!parsed.success)
    for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  const problems = conditionProblems(form);
  form.conditions.forEach((c, i) => {
    const problem = problems.get(c.id);
    if (problem) fields[`conditions.${i}.source_question_id`] ??= problem;
  });
  return fields;
}

/** Where an error is, in words: "Page 1, Group 2, question “Name”". */
export function describeError(form: FormDefinition, error: LocatedError): string {
  switch (error.kind) {
    case 'page': {
      const page = form.pages.find((p) => p.id === error.id);
      return page ? `Page “${page.title || 'untitled'}”` : 'A page';
    }
    case 'group': {
      const place = findGroup(form, error.id);
      return place ? `Page “${place.page.title}”, ${groupName(place.group, place.index)}` : 'A group';
    }
    case 'question': {
      const place = findQuestion(form, error.id);
      return place
        ? `Page “${place.page.title}”, ${groupName(place.group, place.groupIndex)}, question “${questionName(place.question)}”`
        : 'A question';
    }
    case 'condition': {
      const condition = form.conditions.find((c) => c.id === error.id);
      const target = condition?.target_question_id
        ? findQuestion(form, condition.target_question_id)?.question
        : undefined;
      if (target) return `A condition of question “${questionName(target)}”`;
      const group = condition?.target_group_id ? findGroup(form, condition.target_group_id) : null;
      return group ? `A condition of ${groupName(group.group, group.index)}` : 'A condition';
    }
    case 'rule': {
      const index = form.reimbursement_rules.findIndex((r) => r.id === error.id);
      return `Reimbursement rule ${index + 1}`;
    }
    case 'form':
      return 'The form';
  }
}
