import { licenseInput, licenseSaveBody } from '@licensure/contracts';
import type { LicenseDraft, LicenseSavePayload } from './license-draft';

export type FieldErrors = Record<string, string>;

const licenseFieldNames = Object.keys(licenseInput.shape);

/**
 * The server's field keys as paths into the payload: dotted keys are already paths
 * (`license_category_levels.0.license_category_id`); a bare name (a schema error) is a field of the
 * licence when it is one, and stays as it is otherwise.
 */
export function errorsByPath(fields: Readonly<Record<string, string>>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const path = !key.includes('.') && licenseFieldNames.includes(key) ? `license.${key}` : key;
    out[path] ??= message;
  }
  return out;
}

/** Checks a payload against the contract before sending; the errors are keyed by payload path. */
export function validatePayload(payload: LicenseSavePayload): FieldErrors {
  const result = licenseSaveBody.safeParse(payload);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const message = issue.message.startsWith('Invalid input') ? 'This value is not valid.' : issue.message;
    out[path] ??= message;
  }
  return out;
}

export type TabKey =
  | 'general'
  | 'categories'
  | 'request-statuses'
  | 'credential-statuses'
  | 'attributes'
  | 'processes'
  | 'rules'
  | 'application-types'
  | 'charges';

const tabOfSet: Record<string, TabKey> = {
  license: 'general',
  license_categories: 'categories',
  license_category_levels: 'categories',
  license_request_statuses: 'request-statuses',
  license_category_certification_statuses: 'credential-statuses',
  license_category_certification_attributes: 'attributes',
  processes: 'processes',
  license_rules: 'rules',
};

/** The tab that shows the field an error path is about (general when none does). */
export function tabOfPath(path: string): TabKey {
  return tabOfSet[path.split('.')[0] ?? ''] ?? 'general';
}

/** The DOM id of the input of a payload path (every input of the editor is given one). */
export const inputId = (path: string) => `lc-${path.replaceAll('.', '-')}`;

/**
 * Where an error shows: the path itself when an input has it, otherwise the closest enclosing path
 * (a clause error without a field name shows on the clause's field picker, a rule error on its name).
 */
export function inputPathOf(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'license_rules' && parts.length >= 3 && parts[2] === 'license_rule_field_values') {
    if (parts.length === 3) return `license_rules.${parts[1]}.name`;
    if (parts.length === 4) return `${parts.slice(0, 4).join('.')}.license_rule_field`;
    const field = parts[4] === 'license_rule_field_id' ? 'license_rule_field' : parts[4];
    return `${parts.slice(0, 4).join('.')}.${field}`;
  }
  if (parts[0] === 'license_rules' && parts.length === 2) return `license_rules.${parts[1]}.name`;
  return path;
}

const ordinal = (i: string | undefined) => Number(i) + 1;

/** The labels of the General tab's fields, for the error summary. */
const licenseFieldLabels: Record<string, string> = {
  name: 'Licence name',
  code: 'Code',
  description: 'Description',
  entity: 'Held by',
  renewal_window_days: 'Renewal window (days)',
  form_package_id: 'Form package',
  autonumber_id: 'Number pattern',
};

/** A sentence naming the place of an error for the summary: "Level 2 (Paramedic)". */
export function describePath(d: LicenseDraft, path: string): string {
  const [set, index, field, clause] = path.split('.');
  const named = (what: string, list: readonly { label?: string; name?: string }[]) => {
    const item = list[Number(index)];
    const name = item?.label ?? item?.name;
    return `${what} ${ordinal(index)}${name ? ` (${name})` : ''}`;
  };
  switch (set) {
    case 'license':
      return `General: ${licenseFieldLabels[index ?? ''] ?? (index ?? 'licence').replaceAll('_', ' ')}`;
    case 'license_categories':
      return named('Category', d.categories);
    case 'license_category_levels':
      return named('Level', d.levels);
    case 'license_request_statuses':
      return named('Request status', d.requestStatuses);
    case 'license_category_certification_statuses':
      return named('Credential status', d.credentialStatuses);
    case 'license_category_certification_attributes':
      return named('Credential attribute', d.attributes);
    case 'processes':
      return `Process ${ordinal(index)}`;
    case 'license_rules':
      return field === 'license_rule_field_values' && clause !== undefined
        ? `${named('Rule', d.rules)}, clause ${ordinal(clause)}`
        : named('Rule', d.rules);
    default:
      return path.replaceAll('_', ' ');
  }
}
