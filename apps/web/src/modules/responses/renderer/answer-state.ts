import {
  type AnswerInput,
  type AnswerLike,
  type FormQuestion,
  fromStoredDate,
  joinMultiSelect,
  keptAnswers,
  toStoredDate,
} from '@licensure/contracts';
import type { InitialAnswer, RenderableForm } from './renderer-types';

/** One answer while it is being edited. */
export interface DraftAnswer {
  value: string | null;
  signature: string | null;
  document_id: string | null;
  file_name: string | null;
  /**
   * What the control holds that is not an answer yet, in words (a date typed as 13/05/1990): the
   * answer's value stays null, and the page does not move on nor complete while it is there.
   */
  entry_problem?: string | null;
}

export type DraftAnswers = ReadonlyMap<string, DraftAnswer>;

const empty: DraftAnswer = { value: null, signature: null, document_id: null, file_name: null };

export function draftAnswersOf(initial: readonly InitialAnswer[] | undefined): Map<string, DraftAnswer> {
  const map = new Map<string, DraftAnswer>();
  for (const a of initial ?? [])
    map.set(a.question_id, {
      value: a.value ?? null,
      signature: a.signature ?? null,
      document_id: a.document_id ?? null,
      file_name: a.file_name ?? null,
    });
  return map;
}

/** A copy of the answers with one answer changed. */
export function withAnswer(
  answers: DraftAnswers,
  questionId: string,
  patch: Partial<DraftAnswer>,
): DraftAnswers {
  const next = new Map(answers);
  next.set(questionId, { ...empty, ...answers.get(questionId), ...patch });
  return next;
}

export function allQuestions(form: RenderableForm): FormQuestion[] {
  return form.pages.flatMap((p) => p.groups.flatMap((g) => g.questions));
}

/** The index of the page holding a question, or -1. */
export function pageOfQuestion(form: RenderableForm, questionId: string): number {
  return form.pages.findIndex((p) => p.groups.some((g) => g.questions.some((q) => q.id === questionId)));
}

/**
 * The answers to send: those of questions shown for these answers (a hidden conditional group's
 * answers are left out, as the server would drop them), including emptied ones so a cleared answer
 * is saved as cleared. Instructions have no answer.
 */
export function answersToSave(form: RenderableForm, answers: DraftAnswers): AnswerInput[] {
  const kept = keptAnswers(form, answers as ReadonlyMap<string, AnswerLike>);
  const out: AnswerInput[] = [];
  for (const q of allQuestions(form)) {
    if (q.kind === 'instructions' || !kept.has(q.id)) continue;
    const a = answers.get(q.id);
    if (!a) continue;
    out.push({
      question_id: q.id,
      value: a.value,
      signature: a.signature,
      document_id: a.document_id,
      file_name: a.document_id ? a.file_name : null,
    });
  }
  return out;
}

/** The key of a question's problem in `validateAnswers` and in the server's 400 fields. */
export const fieldKey = (questionId: string) => `questions.${questionId}`;

/** The question id of a problem key (`questions.<id>`, also when the server prefixes `response.`). */
export function questionIdOfKey(key: string): string | null {
  const match = /(?:^|\.)questions\.([0-9a-f-]{36})$/i.exec(key);
  return match?.[1] ?? null;
}

/** Server field errors split into those of questions of this form and the rest (listed as text). */
export function splitServerErrors(
  form: RenderableForm,
  fields: Record<string, string>,
): { questions: Record<string, string>; other: string[] } {
  const known = new Set(allQuestions(form).map((q) => q.id));
  const questions: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const id = questionIdOfKey(key);
    if (id && known.has(id)) questions[fieldKey(id)] ??= message;
    else other.push(message);
  }
  return { questions, other };
}

/** A date typed or picked in a date input (`YYYY-MM-DD` of the calendar shown) as the value to store. */
export function storedDateFromPicker(input: string): string | null {
  const picked = fromStoredDate(input);
  return picked ? toStoredDate(picked) : null;
}

/** A multi-select answer of these checked option ids: joined in the options' order, null when none. */
export function multiSelectValueOf(
  q: Pick<FormQuestion, 'options'>,
  checked: readonly string[],
): string | null {
  const selected = new Set(checked);
  const joined = joinMultiSelect(q.options.filter((o) => selected.has(o.id)).map((o) => o.id));
  return joined === '' ? null : joined;
}

/** An address answer: one JSON value with these parts. */
export interface AddressValue {
  street: string;
  city: string;
  state: string;
  zip: string;
}
export const addressParts: readonly { key: keyof AddressValue; label: string; autoComplete: string }[] = [
  { key: 'street', label: 'Street', autoComplete: 'street-address' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

export function parseAddress(value: string | null): AddressValue {
  const blank: AddressValue = { street: '', city: '', state: '', zip: '' };
  if (!value) return blank;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return blank;
    const record = parsed as Record<string, unknown>;
    const text = (k: string) => (typeof record[k] === 'string' ? (record[k] as string) : '');
    return {
      street: text('street'),
      city: text('city'),
      state: text('state'),
      zip: text('zip') || text('postal_code'),
    };
  } catch {
    return blank;
  }
}

/** The stored value of an address: null when every part is empty. */
export function addressValueOf(address: AddressValue): string | null {
  const trimmed = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()]));
  return Object.values(trimmed).some((v) => v !== '') ? JSON.stringify(trimmed) : null;
}

/** An address as one line of text (read mode). */
export function addressText(value: string | null): string {
  const a = parseAddress(value);
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street, cityLine].filter(Boolean).join(', ');
}
