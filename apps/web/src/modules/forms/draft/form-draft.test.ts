import type { FormDefinition } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { draftReducer, initialDraft, isDirty } from './draft-reducer';
import { checkDraft, clearError, describeError, errorsOf, locateFieldErrors } from './field-errors';
import {
  addCondition,
  addGroup,
  addOption,
  addPage,
  addQuestion,
  addRule,
  emptyForm,
  moveGroup,
  moveItem,
  moveOption,
  movePage,
  moveQuestion,
  newCondition,
  newGroup,
  newPage,
  newQuestion,
  newRule,
  removeGroup,
  removeOption,
  removePage,
  removeQuestion,
  renameOption,
  renamePage,
  updateCondition,
  updateGroup,
  updateQuestion,
  updateRule,
} from './form-draft';
import {
  conditionProblems,
  conditionsOn,
  findQuestion,
  questionsBefore,
  questionsInOrder,
} from './form-tree';

/** Ids that read well in failures: `id-1`, `id-2`, ... */
function counter() {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

const labels = (form: FormDefinition, groupIndex = 0, pageIndex = 0) =>
  form.pages[pageIndex]?.groups[groupIndex]?.questions.map((q) => q.label);

/** Page 1: group A (q1, q2, q3), group B (q4); page 2: group C (q5). */
function sample() {
  const id = counter();
  let form = emptyForm(id);
  const page1 = form.pages[0]!.id;
  const groupA = form.pages[0]!.groups[0]!.id;
  form = updateGroup(form, groupA, { title: 'A' });
  const groupB = newGroup('B', id);
  form = addGroup(form, page1, groupB);
  const page2 = newPage('Page 2', id);
  form = addPage(form, page2);
  const groupC = page2.groups[0]!.id;
  const q = ['q1', 'q2', 'q3', 'q4', 'q5'].map((label) => newQuestion('short_text', label, id));
  form = addQuestion(form, groupA, q[0]!);
  form = addQuestion(form, groupA, q[1]!);
  form = addQuestion(form, groupA, q[2]!);
  form = addQuestion(form, groupB.id, q[3]!);
  form = addQuestion(form, groupC, q[4]!);
  return { form, id, page1, page2: page2.id, groupA, groupB: groupB.id, groupC, q: q.map((x) => x.id) };
}

describe('building the tree', () => {
  it('starts a new form with one page holding one group', () => {
    const form = emptyForm(counter());
    expect(form.pages).toHaveLength(1);
    expect(form.pages[0]?.title).toBe('Page 1');
    expect(form.pages[0]?.groups).toHaveLength(1);
    // Not live on its first save: inactive and closed to applicants until staff open it.
    expect(form.active).toBe(false);
    expect(form.applicant_access).toBe('none');
  });

  it('gives choice questions two options to start with and other kinds none', () => {
    const id = counter();
    expect(newQuestion('radio', 'Colour', id).options.map((o) => o.label)).toEqual(['Option 1', 'Option 2']);
    expect(newQuestion('signature', 'Sign', id).options).toEqual([]);
  });

  it('adds a question at an index or at the end of a group', () => {
    const { form, groupA, id } = sample();
    const first = addQuestion(form, groupA, newQuestion('number', 'first', id), 0);
    expect(labels(first)).toEqual(['first', 'q1', 'q2', 'q3']);
    const last = addQuestion(form, groupA, newQuestion('number', 'last', id));
    expect(labels(last)).toEqual(['q1', 'q2', 'q3', 'last']);
  });

  it('leaves the original form untouched', () => {
    const { form, groupA, q } = sample();
    const before = JSON.stringify(form);
    moveQuestion(form, q[0]!, groupA, 2);
    removeGroup(form, groupA);
    updateQuestion(form, q[1]!, { label: 'changed' });
    expect(JSON.stringify(form)).toBe(before);
  });
});

describe('moving', () => {
  it('moves an item of a list, clamping the target index', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('reorders questions inside a group', () => {
    const { form, groupA, q } = sample();
    expect(labels(moveQuestion(form, q[0]!, groupA, 2))).toEqual(['q2', 'q3', 'q1']);
    expect(labels(moveQuestion(form, q[2]!, groupA, 0))).toEqual(['q3', 'q1', 'q2']);
  });

  it('moves a question to another group, on another page too', () => {
    const { form, groupB, groupC, q } = sample();
    const toB = moveQuestion(form, q[1]!, groupB, 0);
    expect(labels(toB, 0)).toEqual(['q1', 'q3']);
    expect(labels(toB, 1)).toEqual(['q2', 'q4']);
    const toC = moveQuestion(form, q[0]!, groupC, 5);
    expect(labels(toC, 0, 1)).toEqual(['q5', 'q1']);
  });

  it('ignores a move of an unknown question or to an unknown group', () => {
    const { form, groupA, q } = sample();
    expect(moveQuestion(form, 'nope', groupA, 0)).toBe(form);
    expect(moveQuestion(form, q[0]!, 'nope', 0)).toBe(form);
  });

  it('reorders groups and moves one to another page', () => {
    const { form, page1, page2, groupA, groupB } = sample();
    const swapped = moveGroup(form, groupB, page1, 0);
    expect(swapped.pages[0]?.groups.map((g) => g.title)).toEqual(['B', 'A']);
    const moved = moveGroup(form, groupA, page2, 0);
    expect(moved.pages[0]?.groups.map((g) => g.title)).toEqual(['B']);
    expect(moved.pages[1]?.groups.map((g) => g.title)).toEqual(['A', 'Group 1']);
  });

  it('reorders and renames pages', () => {
    const { form, page2 } = sample();
    const moved = renamePage(movePage(form, page2, 0), page2, 'Start');
    expect(moved.pages.map((p) => p.title)).toEqual(['Start', 'Page 1']);
  });
});

describe('removing cleans up what depended on the removed part', () => {
  it('removes a question with the conditions on it and by it, and unlinks its rules', () => {
    const { form, groupB, q, id } = sample();
    let f = addCondition(form, newCondition({ kind: 'question', id: q[1]! }, q[0]!, id));
    f = addCondition(f, newCondition({ kind: 'group', id: groupB }, q[2]!, id));
    f = addRule(f, { ...newRule(id), description: 'Mileage', question_id: q[0]! });
    const out = removeQuestion(f, q[0]!);
    expect(labels(out)).toEqual(['q2', 'q3']);
    expect(out.conditions).toHaveLength(1);
    expect(out.conditions[0]?.source_question_id).toBe(q[2]);
    expect(out.reimbursement_rules[0]?.question_id).toBeNull();
  });

  it('removes a group with its questions and every condition touching them', () => {
    const { form, groupA, groupB, q, id } = sample();
    let f = addCondition(form, newCondition({ kind: 'group', id: groupB }, q[0]!, id));
    f = addCondition(f, newCondition({ kind: 'group', id: groupA }, q[3]!, id));
    f = addCondition(f, newCondition({ kind: 'question', id: q[4]! }, q[3]!, id));
    const out = removeGroup(f, groupA);
    expect(out.pages[0]?.groups.map((g) => g.title)).toEqual(['B']);
    expect(out.conditions.map((c) => c.target_question_id)).toEqual([q[4]]);
  });

  it('removes a page with its groups and their conditions', () => {
    const { form, page1, q, id } = sample();
    const f = addCondition(form, newCondition({ kind: 'question', id: q[4]! }, q[0]!, id));
    const out = removePage(f, page1);
    expect(out.pages.map((p) => p.title)).toEqual(['Page 2']);
    expect(out.conditions).toEqual([]);
    expect(questionsInOrder(out).map((p) => p.question.label)).toEqual(['q5']);
  });
});

describe('questions, options and conditions', () => {
  it('edits question fields and drops options when the kind no longer lists any', () => {
    const { form, q } = sample();
    const radio = updateQuestion(form, q[0]!, { kind: 'radio', label: 'Pick' });
    const withOption = addOption(radio, q[0]!, 'Red', () => 'opt-red');
    expect(findQuestion(withOption, q[0]!)?.question.options).toEqual([{ id: 'opt-red', label: 'Red' }]);
    const text = updateQuestion(withOption, q[0]!, { kind: 'long_text' });
    expect(findQuestion(text, q[0]!)?.question.options).toEqual([]);
  });

  it('renames, reorders and removes options; a condition on a removed option loses its value', () => {
    const { form, q, id } = sample();
    let f = updateQuestion(form, q[0]!, { kind: 'select' });
    f = addOption(f, q[0]!, 'A', () => 'a');
    f = addOption(f, q[0]!, 'B', () => 'b');
    f = renameOption(f, q[0]!, 'a', 'Alpha');
    f = moveOption(f, q[0]!, 'b', 0);
    expect(findQuestion(f, q[0]!)?.question.options).toEqual([
      { id: 'b', label: 'B' },
      { id: 'a', label: 'Alpha' },
    ]);
    const condition = {
      ...newCondition({ kind: 'question', id: q[1]! }, q[0]!, id),
      operator: 'equals' as const,
    };
    f = addCondition(f, { ...condition, value: 'a' });
    f = removeOption(f, q[0]!, 'a');
    expect(findQuestion(f, q[0]!)?.question.options.map((o) => o.id)).toEqual(['b']);
    expect(f.conditions[0]?.value).toBeNull();
  });

  it('clears a condition value when its source question changes', () => {
    const { form, q, id } = sample();
    const c = newCondition({ kind: 'question', id: q[2]! }, q[0]!, id);
    let f = addCondition(form, { ...c, operator: 'equals', value: 'yes' });
    f = updateCondition(f, c.id, { operator: 'not_equals' });
    expect(f.conditions[0]?.value).toBe('yes');
    f = updateCondition(f, c.id, { source_question_id: q[1]! });
    expect(f.conditions[0]).toMatchObject({ source_question_id: q[1], value: null, operator: 'not_equals' });
    f = updateCondition(f, c.id, { and_flag: false });
    expect(conditionsOn(f, q[2]!)[0]?.and_flag).toBe(false);
  });

  it('offers only earlier questions as condition sources', () => {
    const { form, groupA, groupB, groupC, q } = sample();
    const labelsOf = (target: string) => questionsBefore(form, target).map((p) => p.question.label);
    expect(labelsOf(q[2]!)).toEqual(['q1', 'q2']);
    expect(labelsOf(groupA)).toEqual([]);
    expect(labelsOf(groupB)).toEqual(['q1', 'q2', 'q3']);
    expect(labelsOf(groupC)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(labelsOf(q[4]!)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(labelsOf('unknown')).toEqual([]);
  });

  it('finds conditions broken by a move: the source now comes after the target', () => {
    const { form, groupA, q, id } = sample();
    const c = newCondition({ kind: 'question', id: q[2]! }, q[0]!, id);
    const f = addCondition(form, c);
    expect(conditionProblems(f).size).toBe(0);
    const moved = moveQuestion(f, q[0]!, groupA, 2);
    expect(conditionProblems(moved).get(c.id)).toMatch(/earlier/);
  });

  it('edits reimbursement rules', () => {
    const { form, id } = sample();
    const rule = newRule(id);
    const f = updateRule(addRule(form, rule), rule.id, { description: 'Fee', amount: 25 });
    expect(f.reimbursement_rules).toEqual([{ ...rule, description: 'Fee', amount: 25 }]);
  });
});

describe('the draft reducer', () => {
  it('is dirty after an edit and clean once saved or when the edit is undone', () => {
    const { form, q } = sample();
    let state = initialDraft(form);
    expect(isDirty(state)).toBe(false);
    state = draftReducer(state, { type: 'updateQuestion', questionId: q[0]!, patch: { label: 'Name' } });
    expect(isDirty(state)).toBe(true);
    expect(findQuestion(state.form, q[0]!)?.question.label).toBe('Name');
    const undone = draftReducer(state, { type: 'updateQuestion', questionId: q[0]!, patch: { label: 'q1' } });
    expect(isDirty(undone)).toBe(false);
    state = draftReducer(state, { type: 'saved', form: state.form });
    expect(isDirty(state)).toBe(false);
  });

  it('runs every kind of edit through the pure functions', () => {
    const { form, page1, groupA, groupB, q } = sample();
    let state = initialDraft(form);
    state = draftReducer(state, {
      type: 'setFields',
      patch: { name: 'Application', applicant_access: 'view' },
    });
    state = draftReducer(state, { type: 'moveQuestion', questionId: q[0]!, toGroupId: groupB, toIndex: 0 });
    state = draftReducer(state, { type: 'moveGroup', groupId: groupB, toPageId: page1, toIndex: 0 });
    state = draftReducer(state, { type: 'addOption', questionId: q[1]!, optionId: 'o1', label: 'Yes' });
    state = draftReducer(state, { type: 'removeGroup', groupId: groupA });
    expect(state.form.name).toBe('Application');
    expect(state.form.applicant_access).toBe('view');
    expect(state.form.pages[0]?.groups.map((g) => g.title)).toEqual(['B']);
    expect(labels(state.form)).toEqual(['q1', 'q4']);
  });

  it('keeps the same state for an edit that changes nothing', () => {
    const state = initialDraft(sample().form);
    expect(draftReducer(state, { type: 'removeQuestion', questionId: 'none' }).form).toStrictEqual(
      state.form,
    );
    expect(draftReducer(state, { type: 'moveQuestion', questionId: 'x', toGroupId: 'y', toIndex: 0 })).toBe(
      state,
    );
  });
});

describe('field errors', () => {
  it('ties server paths to pages, groups, questions, conditions and rules', () => {
    const { form, page1, groupB, q, id } = sample();
    let f = addCondition(form, newCondition({ kind: 'group', id: groupB }, q[0]!, id));
    f = addRule(f, newRule(id));
    const errors = locateFieldErrors(f, {
      'pages.0.groups.1.questions.0.label': 'label is required',
      'form.pages.0.groups.0.questions.2.options.1.label': 'option label is required',
      'pages.0.title': 'page title is required',
      'pages.0.groups.1.title': 'title must be at most 500 characters',
      'conditions.0.source_question_id': 'must come earlier',
      'reimbursement_rules.0.description': 'description is required',
      name: 'name is required',
      'pages.9.title': 'stale',
    });
    expect(errors).toEqual([
      { kind: 'question', id: q[3], field: 'label', message: 'label is required' },
      { kind: 'question', id: q[2], field: 'options.1.label', message: 'option label is required' },
      { kind: 'page', id: page1, field: 'title', message: 'page title is required' },
      { kind: 'group', id: groupB, field: 'title', message: 'title must be at most 500 characters' },
      {
        kind: 'condition',
        id: f.conditions[0]?.id,
        field: 'source_question_id',
        message: 'must come earlier',
      },
      {
        kind: 'rule',
        id: f.reimbursement_rules[0]?.id,
        field: 'description',
        message: 'description is required',
      },
      { kind: 'form', id: '', field: 'name', message: 'name is required' },
      { kind: 'form', id: '', field: 'pages.9.title', message: 'stale' },
    ]);
    expect(errorsOf(errors, 'question', q[3])).toEqual({ label: 'label is required' });
    expect(errorsOf(errors, 'form')).toEqual({ name: 'name is required', 'pages.9.title': 'stale' });
    expect(clearError(errors, 'question', q[3]!, 'label')).toHaveLength(7);
    expect(describeError(f, errors[0]!)).toBe('Page “Page 1”, B, question “q4”');
    expect(describeError(f, errors[4]!)).toBe('A condition of B');
  });

  it('checks a draft in the browser as the server would', () => {
    const { form, groupA, q, id } = sample();
    let f = updateQuestion(form, q[1]!, { label: '  ' });
    const c = newCondition({ kind: 'question', id: q[0]! }, q[2]!, id);
    f = addCondition(f, c);
    const problems = checkDraft(f);
    expect(problems).toEqual({
      name: 'name is required',
      'pages.0.groups.0.questions.1.label': 'label is required',
      'conditions.0.source_question_id':
        'The question this condition depends on must come earlier in the form.',
    });
    const fixed = moveQuestion(
      updateQuestion({ ...f, name: 'Ok' }, q[1]!, { label: 'Two' }),
      q[2]!,
      groupA,
      0,
    );
    expect(checkDraft(fixed)).toEqual({});
  });
});
