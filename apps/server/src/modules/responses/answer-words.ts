// How an answer reads in words on a response's PDF: labels for choices, yes/no, dates, addresses.
import { type AnswerLike, type FormQuestion, fromStoredDate, splitMultiSelect } from '@licensure/contracts';

export const NOT_ANSWERED = 'Not answered';

/** What the PDF prints for one answer: lines of text, and a signature image when one was drawn. */
export interface AnswerWords {
  lines: string[];
  /** A PNG data URL. */
  signature?: string;
}

export interface WordsContext {
  /** Labels of data elements by id, for element_choice answers. */
  elementLabels?: ReadonlyMap<string, string>;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A stored date (YYYY-MM-DD) in words ("March 5, 2024"); anything else as it was written. */
export function dateInWords(value: string): string {
  const date = fromStoredDate(value.trim());
  if (!date) return value;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

const pick = (o: Record<string, unknown>, ...keys: string[]): string => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return '';
};

/** An address answer (a JSON object of street, city, state, postal code) as the lines of an envelope. */
export function addressLines(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value.split(/\r?\n/).filter((l) => l.trim());
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [value];
  const a = parsed as Record<string, unknown>;
  const street = pick(a, 'street', 'street1', 'line1', 'address1', 'address');
  const street2 = pick(a, 'street2', 'line2', 'address2');
  const city = pick(a, 'city');
  const state = pick(a, 'state', 'state_code');
  const postal = pick(a, 'postal_code', 'zip', 'zip_code', 'postalCode', 'zipCode');
  const country = pick(a, 'country');
  const lastLine = [city, [state, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [street, street2, lastLine, country].filter(Boolean);
  return lines.length > 0 ? lines : [NOT_ANSWERED];
}

const labelOf = (q: Pick<FormQuestion, 'options'>, optionId: string) =>
  q.options.find((o) => o.id === optionId)?.label ?? optionId;

/** The answer to one question, in words. */
export function answerInWords(
  q: Pick<FormQuestion, 'kind' | 'options' | 'help_text'>,
  a: AnswerLike | undefined,
  ctx: WordsContext = {},
): AnswerWords {
  const value = (a?.value ?? '').trim();
  switch (q.kind) {
    case 'instructions':
      return { lines: q.help_text ? q.help_text.split(/\r?\n/) : [] };
    case 'signature':
      return a?.signature ? { lines: ['Signed'], signature: a.signature } : { lines: ['Not signed'] };
    case 'file':
      if (a?.file_name) return { lines: [a.file_name] };
      return { lines: [a?.document_id ? 'File uploaded' : 'No file uploaded'] };
    case 'checkbox':
      return { lines: [value === 'true' ? 'Yes (checked)' : 'No (not checked)'] };
    default:
      break;
  }
  if (value === '') return { lines: [NOT_ANSWERED] };
  switch (q.kind) {
    case 'yes_no':
      return { lines: [value === 'yes' ? 'Yes' : value === 'no' ? 'No' : value] };
    case 'select':
    case 'radio':
      return { lines: [labelOf(q, value)] };
    case 'multi_select': {
      const labels = splitMultiSelect(value).map((v) => labelOf(q, v));
      return { lines: [labels.length > 0 ? labels.join(', ') : NOT_ANSWERED] };
    }
    case 'element_choice':
      return { lines: [ctx.elementLabels?.get(value) ?? value] };
    case 'date':
      return { lines: [dateInWords(value)] };
    case 'address':
      return { lines: addressLines(value) };
    case 'long_text':
      return { lines: value.split(/\r?\n/) };
    default:
      return { lines: [value] };
  }
}
