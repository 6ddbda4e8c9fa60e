import { type ConditionOperator, type QuestionKind, questionKinds } from '@licensure/contracts';

/**
 * The names of the question kinds when the enterprise has no question types of its own: the same words
 * as the question types every enterprise starts with (packages/db/src/seed/demo-forms.ts).
 */
export const kindLabels: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Drop-down list',
  multi_select: 'Multiple choice (several answers)',
  radio: 'Single choice (radio buttons)',
  checkbox: 'Checkbox',
  yes_no: 'Yes or no',
  email: 'E-mail address',
  phone: 'Phone number',
  address: 'Address',
  element_choice: 'Choice from a data list',
  file: 'File upload',
  signature: 'Signature',
  instructions: 'Instructions (read only)',
};

export interface PaletteItem {
  kind: QuestionKind;
  label: string;
}

type QuestionTypeRow = Readonly<Record<string, unknown>>;

const isKind = (value: unknown): value is QuestionKind =>
  typeof value === 'string' && (questionKinds as readonly string[]).includes(value);

/**
 * The palette: the enterprise's active question types (FBQuestionTypes) in their order, one per kind;
 * every kind under its standard name when the list is empty.
 */
export function paletteOf(rows: readonly QuestionTypeRow[] | undefined): PaletteItem[] {
  const usable = (rows ?? [])
    .filter((r) => r.active !== false && isKind(r.kind) && typeof r.label === 'string' && r.label.trim())
    .sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const seen = new Set<QuestionKind>();
  const items: PaletteItem[] = [];
  for (const row of usable) {
    const kind = row.kind as QuestionKind;
    if (seen.has(kind)) continue;
    seen.add(kind);
    items.push({ kind, label: String(row.label).trim() });
  }
  return items.length > 0 ? items : questionKinds.map((kind) => ({ kind, label: kindLabels[kind] }));
}

/** How a condition's operator reads in the editor ("Show this question when … is answered"). */
export function operatorLabel(operator: ConditionOperator, sourceKind?: QuestionKind): string {
  const dated = sourceKind === 'date';
  switch (operator) {
    case 'equals':
      return 'is';
    case 'not_equals':
      return 'is not';
    case 'contains':
      return sourceKind === 'multi_select' ? 'includes' : 'contains';
    case 'not_contains':
      return sourceKind === 'multi_select' ? 'does not include' : 'does not contain';
    case 'greater_than':
      return dated ? 'is after' : 'is greater than';
    case 'less_than':
      return dated ? 'is before' : 'is less than';
    case 'is_answered':
      return 'is answered';
    case 'is_not_answered':
      return 'is not answered';
  }
}

/** Operators that compare with a value (the others only ask whether there is an answer). */
export const valueOperators: readonly ConditionOperator[] = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
];

/** The operators that make sense for a source question's kind. */
export function operatorsFor(kind: QuestionKind): ConditionOperator[] {
  const answered: ConditionOperator[] = ['is_answered', 'is_not_answered'];
  switch (kind) {
    case 'number':
    case 'date':
      return ['equals', 'not_equals', 'greater_than', 'less_than', ...answered];
    case 'select':
    case 'radio':
    case 'yes_no':
    case 'checkbox':
    case 'element_choice':
      return ['equals', 'not_equals', ...answered];
    case 'multi_select':
      return ['contains', 'not_contains', ...answered];
    case 'file':
    case 'signature':
    case 'address':
      return answered;
    case 'instructions':
      return [];
    default:
      return ['equals', 'not_equals', 'contains', 'not_contains', ...answered];
  }
}
