// The builder keeps the form being edited in one reducer; every edit is one of these actions.
import type {
  FormCondition,
  FormDefinition,
  FormGroup,
  FormPage,
  FormQuestion,
  ReimbursementRule,
} from '@licensure/contracts';
import * as draft from './form-draft';

export type DraftAction =
  | { type: 'load'; form: FormDefinition }
  | { type: 'saved'; form: FormDefinition }
  | { type: 'setFields'; patch: Partial<draft.FormFields> }
  | { type: 'addPage'; page: FormPage; index?: number }
  | { type: 'renamePage'; pageId: string; title: string }
  | { type: 'removePage'; pageId: string }
  | { type: 'movePage'; pageId: string; toIndex: number }
  | { type: 'addGroup'; pageId: string; group: FormGroup; index?: number }
  | { type: 'updateGroup'; groupId: string; patch: Partial<draft.GroupFields> }
  | { type: 'removeGroup'; groupId: string }
  | { type: 'moveGroup'; groupId: string; toPageId: string; toIndex: number }
  | { type: 'addQuestion'; groupId: string; question: FormQuestion; index?: number }
  | { type: 'updateQuestion'; questionId: string; patch: Partial<draft.QuestionFields> }
  | { type: 'removeQuestion'; questionId: string }
  | { type: 'moveQuestion'; questionId: string; toGroupId: string; toIndex: number }
  | { type: 'addOption'; questionId: string; optionId: string; label: string }
  | { type: 'renameOption'; questionId: string; optionId: string; label: string }
  | { type: 'moveOption'; questionId: string; optionId: string; toIndex: number }
  | { type: 'removeOption'; questionId: string; optionId: string }
  | { type: 'addCondition'; condition: FormCondition }
  | { type: 'updateCondition'; conditionId: string; patch: Partial<draft.ConditionFields> }
  | { type: 'removeCondition'; conditionId: string }
  | { type: 'addRule'; rule: ReimbursementRule }
  | { type: 'updateRule'; ruleId: string; patch: Partial<Omit<ReimbursementRule, 'id'>> }
  | { type: 'removeRule'; ruleId: string };

export interface DraftState {
  /** The form as edited. */
  form: FormDefinition;
  /** The form as last loaded or saved: the draft is dirty when it differs. */
  saved: FormDefinition;
}

export function initialDraft(form: FormDefinition): DraftState {
  return { form, saved: form };
}

function edit(form: FormDefinition, action: DraftAction): FormDefinition {
  switch (action.type) {
    case 'load':
    case 'saved':
      return action.form;
    case 'setFields':
      return draft.setFormFields(form, action.patch);
    case 'addPage':
      return draft.addPage(form, action.page, action.index);
    case 'renamePage':
      return draft.renamePage(form, action.pageId, action.title);
    case 'removePage':
      return draft.removePage(form, action.pageId);
    case 'movePage':
      return draft.movePage(form, action.pageId, action.toIndex);
    case 'addGroup':
      return draft.addGroup(form, action.pageId, action.group, action.index);
    case 'updateGroup':
      return draft.updateGroup(form, action.groupId, action.patch);
    case 'removeGroup':
      return draft.removeGroup(form, action.groupId);
    case 'moveGroup':
      return draft.moveGroup(form, action.groupId, action.toPageId, action.toIndex);
    case 'addQuestion':
      return draft.addQuestion(form, action.groupId, action.question, action.index);
    case 'updateQuestion':
      return draft.updateQuestion(form, action.questionId, action.patch);
    case 'removeQuestion':
      return draft.removeQuestion(form, action.questionId);
    case 'moveQuestion':
      return draft.moveQuestion(form, action.questionId, action.toGroupId, action.toIndex);
    case 'addOption':
      return draft.addOption(form, action.questionId, action.label, () => action.optionId);
    case 'renameOption':
      return draft.renameOption(form, action.questionId, action.optionId, action.label);
    case 'moveOption':
      return draft.moveOption(form, action.questionId, action.optionId, action.toIndex);
    case 'removeOption':
      return draft.removeOption(form, action.questionId, action.optionId);
    case 'addCondition':
      return draft.addCondition(form, action.condition);
    case 'updateCondition':
      return draft.updateCondition(form, action.conditionId, action.patch);
    case 'removeCondition':
      return draft.removeCondition(form, action.conditionId);
    case 'addRule':
      return draft.addRule(form, action.rule);
    case 'updateRule':
      return draft.updateRule(form, action.ruleId, action.patch);
    case 'removeRule':
      return draft.removeRule(form, action.ruleId);
  }
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  if (action.type === 'load' || action.type === 'saved') return initialDraft(action.form);
  const form = edit(state.form, action);
  return form === state.form ? state : { ...state, form };
}

/** Whether the draft has edits that are not saved. */
export function isDirty(state: DraftState): boolean {
  return state.form !== state.saved && JSON.stringify(state.form) !== JSON.stringify(state.saved);
}
