// The rules of answering a form, shared by the renderer (client) and the server, which checks again.
import { messages } from './errors';
import type { FormCondition, FormDefinition, FormQuestion } from './forms';

/** What the rules need of an answer. */
export interface AnswerLike {
  value?: string | null;
  signature?: string | null;
  document_id?: string | null;
  file_name?: string | null;
}
export type AnswerMap = ReadonlyMap<string, AnswerLike>;

/**
 * A date picked in the browser, stored as the calendar date the person saw: the local year, month
 * and day, whatever the time zone (a midnight in UTC-5 stays the same day, not the day before).
 */
export function toStoredDate(date: Date): string {
  const adjusted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return adjusted.toISOString().slice(0, 10);
}

/** A stored date (YYYY-MM-DD) as a local Date at midnight, for a date picker. */
export function fromStoredDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** Multi-select answers are stored as a comma-separated list of option ids. */
export function joinMultiSelect(ids: readonly string[]): string {
  return [...new Set(ids.map((s) => s.trim()).filter(Boolean))].join(',');
}

export function splitMultiSelect(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function isAnswered(q: Pick<FormQuestion, 'kind'>, a: AnswerLike | undefined): boolean {
  if (!a) return false;
  switch (q.kind) {
    case 'signature':
      return Boolean(a.signature);
    case 'file':
      return Boolean(a.document_id);
    case 'checkbox':
      return a.value === 'true';
    case 'multi_select':
      return splitMultiSelect(a.value).length > 0;
    case 'instructions':
      return true;
    default:
      return a.value !== null && a.value !== undefined && a.value.trim() !== '';
  }
}

/** Whether one condition holds for the answer of its source question (undefined: unanswered). */
export function conditionHolds(
  c: Pick<FormCondition, 'operator' | 'value'>,
  source: Pick<FormQuestion, 'kind'>,
  answer: AnswerLike | undefined,
): boolean {
  const answered = isAnswered(source, answer);
  const given = (answer?.value ?? '').trim();
  const expected = (c.value ?? '').trim();
  const values = source.kind === 'multi_select' ? splitMultiSelect(given) : given === '' ? [] : [given];
  const lower = (s: string) => s.toLowerCase();
  switch (c.operator) {
    case 'is_answered':
      return answered;
    case 'is_not_answered':
      return !answered;
    case 'equals':
      return answered && values.length > 0 && values.every((v) => lower(v) === lower(expected));
    case 'not_equals':
      return !(answered && values.length > 0 && values.every((v) => lower(v) === lower(expected)));
    case 'contains':
      return source.kind === 'multi_select'
        ? values.includes(expected)
        : answered && lower(given).includes(lower(expected));
    case 'not_contains':
      return source.kind === 'multi_select'
        ? !values.includes(expected)
        : !(answered && lower(given).includes(lower(expected)));
    case 'greater_than':
    case 'less_than': {
      if (!answered) return false;
      const [a, b] = source.kind === 'date' ? [given, expected] : [Number(given), Number(expected)];
      if (typeof a === 'number' && (Number.isNaN(a) || Number.isNaN(b as number))) return false;
      return c.operator === 'greater_than' ? a > b : a < b;
    }
  }
}

export interface Visibility {
  groups: Set<string>;
  questions: Set<string>;
}

export interface VisibilityOptions {
  /** Staff see spot-check groups; applicants do not. */
  includeSpotCheck?: boolean;
}

/**
 * Which groups and questions are shown for these answers. Conditions on one target are read in
 * order, each joined to the result so far by AND (`and_flag`) or OR. A hidden question counts as
 * unanswered, so conditions cascade; targets are settled in form order.
 */
export function visibleItems(
  form: Pick<FormDefinition, 'pages' | 'conditions'>,
  answers: AnswerMap,
  options: VisibilityOptions = {},
): Visibility {
  const questionById = new Map<string, FormQuestion>();
  for (const p of form.pages)
    for (const g of p.groups) for (const q of g.questions) questionById.set(q.id, q);
  const byTarget = new Map<string, FormCondition[]>();
  for (const c of form.conditions) {
    const target = c.target_group_id ?? c.target_question_id;
    if (!target) continue;
    byTarget.set(target, [...(byTarget.get(target) ?? []), c]);
  }
  const shownQuestions = new Set<string>();
  const holds = (target: string): boolean => {
    const conditions = byTarget.get(target);
    if (!conditions?.length) return true;
    let result: boolean | undefined;
    for (const c of conditions) {
      const source = questionById.get(c.source_question_id);
      // A condition on a question that no longer exists cannot be met.
      const one = source
        ? conditionHolds(c, source, shownQuestions.has(source.id) ? answers.get(source.id) : undefined)
        : false;
      result = result === undefined ? one : c.and_flag ? result && one : result || one;
    }
    return result ?? true;
  };
  const groups = new Set<string>();
  for (const p of form.pages) {
    for (const g of p.groups) {
      if (g.spot_check && !options.includeSpotCheck) continue;
      if (!holds(g.id)) continue;
      groups.add(g.id);
      for (const q of g.questions) if (holds(q.id)) shownQuestions.add(q.id);
    }
  }
  return { groups, questions: shownQuestions };
}

/** The message shown when a required question is left empty. */
export function requiredMessage(q: Pick<FormQuestion, 'kind' | 'label' | 'required_message'>): string {
  if (q.required_message) return q.required_message;
  if (q.kind === 'signature') return messages.signatureRequired;
  return `${q.label} is required`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

/** A problem with one answer's form (not its presence), or null. */
export function formatProblem(q: FormQuestion, a: AnswerLike | undefined): string | null {
  const value = (a?.value ?? '').trim();
  if (value === '') return null;
  switch (q.kind) {
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n)) return `${q.label} must be a number`;
      if (q.min !== null && q.min !== undefined && n < q.min) return `${q.label} must be at least ${q.min}`;
      if (q.max !== null && q.max !== undefined && n > q.max) return `${q.label} must be at most ${q.max}`;
      break;
    }
    case 'date':
      if (!fromStoredDate(value)) return `${q.label} must be a date (YYYY-MM-DD)`;
      break;
    case 'email':
      if (!EMAIL.test(value)) return `${q.label} must be an e-mail address`;
      break;
    case 'phone':
      if (!PHONE.test(value)) return `${q.label} must be a phone number`;
      break;
    case 'yes_no':
      if (value !== 'yes' && value !== 'no') return `${q.label} must be yes or no`;
      break;
    case 'checkbox':
      if (value !== 'true' && value !== 'false') return `${q.label} must be true or false`;
      break;
    case 'select':
    case 'radio':
      if (!q.options.some((o) => o.id === value)) return `${q.label}: choose one of the listed answers`;
      break;
    case 'multi_select': {
      const known = new Set(q.options.map((o) => o.id));
      if (splitMultiSelect(value).some((v) => !known.has(v))) return `${q.label}: choose only listed answers`;
      break;
    }
    case 'address': {
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          return `${q.label} must be an address`;
      } catch {
        return `${q.label} must be an address`;
      }
      break;
    }
  }
  if (q.format && ['short_text', 'long_text', 'number', 'email', 'phone'].includes(q.kind)) {
    if (!new RegExp(q.format).test(value))
      return q.format_message ?? `${q.label} is not in the expected format`;
  }
  if (q.kind === 'short_text' && value.length > 2000) return `${q.label} must be at most 2000 characters`;
  return null;
}

export interface ValidateOptions extends VisibilityOptions {
  /** Completing the response: required answers must be given. A draft only checks formats. */
  complete: boolean;
}

/**
 * Problems with a response's answers, keyed `questions.<question id>`. Hidden groups and questions
 * are not checked (and are not kept: see `keptAnswers`).
 */
export function validateAnswers(
  form: Pick<FormDefinition, 'pages' | 'conditions'>,
  answers: AnswerMap,
  options: ValidateOptions,
): Record<string, string> {
  const shown = visibleItems(form, answers, options);
  const problems: Record<string, string> = {};
  for (const p of form.pages)
    for (const g of p.groups) {
      if (!shown.groups.has(g.id)) continue;
      for (const q of g.questions) {
        if (!shown.questions.has(q.id) || q.kind === 'instructions') continue;
        const a = answers.get(q.id);
        const problem =
          formatProblem(q, a) ??
          (options.complete && q.required && !isAnswered(q, a) ? requiredMessage(q) : null);
        if (problem) problems[`questions.${q.id}`] = problem;
      }
    }
  return problems;
}

/** The ids of the questions whose answers are kept: those shown for these answers. */
export function keptAnswers(
  form: Pick<FormDefinition, 'pages' | 'conditions'>,
  answers: AnswerMap,
  options: VisibilityOptions = {},
): Set<string> {
  const shown = visibleItems(form, answers, { includeSpotCheck: true, ...options });
  return shown.questions;
}
