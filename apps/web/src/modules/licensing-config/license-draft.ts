import {
  type LicenseOutput,
  type LicenseRuleOutput,
  licenseEntities,
  type licenseSaveBody,
  type ruleOperatorList,
  type SupersedeRule,
  supersedeRules,
} from '@licensure/contracts';
import type { z } from 'zod';
import { ruleFieldByKey, ruleFieldKey } from './rule-fields';

export type HolderKind = (typeof licenseEntities)[number];
export type RuleOperator = (typeof ruleOperatorList)[number];
export type ExpirationRule = 'exact' | 'end_of_month' | 'end_of_year';
export type HolderState = 'active' | 'inactive' | 'expired' | 'suspended' | 'revoked';
/** The payload as sent (before the server fills in defaults). */
export type LicenseSavePayload = z.input<typeof licenseSaveBody>;
type Stored = Record<string, unknown>;

/** Every member keeps the row it was read from, so fields this screen does not show are sent back unchanged. */
interface Member {
  /** React key: the id, or a temporary one for a new member. */
  key: string;
  id?: string;
  stored: Stored;
}
export interface CategoryDraft extends Member {
  /** Always set: a new category gets a client-chosen id so that new levels can name it. */
  id: string;
  label: string;
  allow_multiple_levels: boolean;
  /** Which of the holder's credentials of the category a credential issued or extended supersedes. */
  supersedes: SupersedeRule;
}
export interface LevelDraft extends Member {
  license_category_id: string;
  label: string;
  months_valid: string;
  expiration_rule: ExpirationRule;
}
export interface RequestStatusDraft extends Member {
  label: string;
  code: string;
  is_final: boolean;
}
export interface CredentialStatusDraft extends Member {
  label: string;
  /** '' for every category. */
  license_category_id: string;
  holder_state: HolderState;
  is_issued_status: boolean;
}
export interface AttributeDraft extends Member {
  label: string;
  license_category_id: string;
}
export interface ProcessLinkDraft extends Member {
  process_id: string;
  required: boolean;
}
export interface ClauseDraft {
  key: string;
  /** ruleFieldKey of the field ('' before one is chosen). */
  field: string;
  operator: RuleOperator;
  value: string;
  /** Joins the clause to the ones before it: AND (true) or OR (false). Ignored on the first. */
  and_flag: boolean;
  left_parenthesis: string;
  right_parenthesis: string;
}
export interface RuleDraft {
  key: string;
  id?: string;
  name: string;
  description: string;
  active: boolean;
  clauses: ClauseDraft[];
}
export interface LicenseFields {
  name: string;
  code: string;
  description: string;
  entity: HolderKind;
  active: boolean;
  public_lookup: boolean;
  renewal_window_days: string;
  form_package_id: string;
  autonumber_id: string;
}
export interface LicenseDraft {
  license: LicenseFields;
  categories: CategoryDraft[];
  levels: LevelDraft[];
  requestStatuses: RequestStatusDraft[];
  credentialStatuses: CredentialStatusDraft[];
  attributes: AttributeDraft[];
  processes: ProcessLinkDraft[];
  rules: RuleDraft[];
}

/** How the holder kinds are named on screen. */
export const holderKindLabels: Record<string, string> = {
  user: 'Person',
  service: 'Service',
  vehicle: 'Vehicle',
};

export const newKey = (): string => crypto.randomUUID();

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const idOf = (v: unknown): string => (typeof v === 'string' ? v : '');

export function emptyDraft(): LicenseDraft {
  return {
    license: {
      name: '',
      code: '',
      description: '',
      entity: 'user',
      active: true,
      public_lookup: true,
      renewal_window_days: '90',
      form_package_id: '',
      autonumber_id: '',
    },
    categories: [],
    levels: [],
    requestStatuses: [],
    credentialStatuses: [],
    attributes: [],
    processes: [],
    rules: [],
  };
}

export function newClause(): ClauseDraft {
  return {
    key: newKey(),
    field: '',
    operator: '=',
    value: '',
    and_flag: true,
    left_parenthesis: '',
    right_parenthesis: '',
  };
}

function ruleDraft(rule: LicenseRuleOutput): RuleDraft {
  return {
    key: rule.id,
    id: rule.id,
    name: rule.name,
    description: rule.description ?? '',
    active: rule.active,
    clauses: [...rule.license_rule_field_values]
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((v) => ({
        key: v.id,
        field: ruleFieldKey(v.license_rule_field),
        operator: v.operator as RuleOperator,
        value: v.value ?? '',
        and_flag: v.and_flag,
        left_parenthesis: v.left_parenthesis ?? '',
        right_parenthesis: v.right_parenthesis ?? '',
      })),
  };
}

const member = (row: Stored) => ({ key: idOf(row.id), id: idOf(row.id), stored: row });

/** The editable draft of a licence as the API answers it. */
export function draftOf(l: LicenseOutput): LicenseDraft {
  return {
    license: {
      name: l.name,
      code: l.code ?? '',
      description: l.description ?? '',
      entity: l.entity,
      active: l.active,
      public_lookup: l.public_lookup,
      renewal_window_days: String(l.renewal_window_days),
      form_package_id: l.form_package_id ?? '',
      autonumber_id: l.autonumber_id ?? '',
    },
    categories: l.license_categories.map((r) => ({
      ...member(r),
      label: text(r.label),
      allow_multiple_levels: r.allow_multiple_levels === true,
      supersedes: (supersedeRules as readonly unknown[]).includes(r.supersedes)
        ? (r.supersedes as SupersedeRule)
        : 'none',
    })),
    levels: l.license_category_levels.map((r) => ({
      ...member(r),
      license_category_id: idOf(r.license_category_id),
      label: text(r.label),
      months_valid: text(r.months_valid),
      expiration_rule: (text(r.expiration_rule) || 'end_of_month') as ExpirationRule,
    })),
    requestStatuses: l.license_request_statuses.map((r) => ({
      ...member(r),
      label: text(r.label),
      code: text(r.code),
      is_final: r.is_final === true,
    })),
    credentialStatuses: l.license_category_certification_statuses.map((r) => ({
      ...member(r),
      label: text(r.label),
      license_category_id: idOf(r.license_category_id),
      holder_state: (text(r.holder_state) || 'active') as HolderState,
      is_issued_status: r.is_issued_status === true,
    })),
    attributes: l.license_category_certification_attributes.map((r) => ({
      ...member(r),
      label: text(r.label),
      license_category_id: idOf(r.license_category_id),
    })),
    processes: l.processes.map((r) => ({
      ...member(r),
      process_id: idOf(r.process_id),
      required: r.required !== false,
    })),
    rules: l.license_rules.map(ruleDraft),
  };
}

/** Columns of a stored row that the payload must not carry (the server sets them). */
const serverColumns = ['enterprise_id', 'license_id', 'created_at', 'updated_at'];
function kept(stored: Stored): Stored {
  return Object.fromEntries(Object.entries(stored).filter(([k]) => !serverColumns.includes(k)));
}
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
/** A number typed in a text box; anything else is sent as typed so that validation names it. */
export function numberOf(v: string): number | string {
  const t = v.trim();
  return t !== '' && /^-?\d+$/.test(t) ? Number(t) : t;
}

/** The licence save payload of a draft: the licence and every set this screen shows, in draft order. */
export function buildPayload(d: LicenseDraft): LicenseSavePayload {
  const l = d.license;
  const m = <T extends Member>(x: T, i: number, values: Stored) => ({
    ...kept(x.stored),
    ...(x.id ? { id: x.id } : {}),
    sort_order: i,
    ...values,
  });
  return {
    license: {
      name: l.name,
      code: orNull(l.code),
      description: orNull(l.description),
      entity: l.entity,
      active: l.active,
      public_lookup: l.public_lookup,
      renewal_window_days: numberOf(l.renewal_window_days) as number,
      form_package_id: orNull(l.form_package_id),
      autonumber_id: orNull(l.autonumber_id),
    },
    license_categories: d.categories.map((c, i) =>
      m(c, i, { label: c.label, allow_multiple_levels: c.allow_multiple_levels, supersedes: c.supersedes }),
    ),
    license_category_levels: d.levels.map((v, i) =>
      m(v, i, {
        license_category_id: v.license_category_id || null,
        label: v.label,
        months_valid: numberOf(v.months_valid),
        expiration_rule: v.expiration_rule,
      }),
    ),
    license_request_statuses: d.requestStatuses.map((s, i) =>
      m(s, i, { label: s.label, code: orNull(s.code), is_final: s.is_final }),
    ),
    license_category_certification_statuses: d.credentialStatuses.map((s, i) =>
      m(s, i, {
        label: s.label,
        license_category_id: s.license_category_id || null,
        holder_state: s.holder_state,
        is_issued_status: s.is_issued_status,
      }),
    ),
    license_category_certification_attributes: d.attributes.map((a, i) =>
      m(a, i, { label: a.label, license_category_id: a.license_category_id || null }),
    ),
    processes: d.processes.map((p, i) => m(p, i, { process_id: p.process_id, required: p.required })),
    license_rules: d.rules.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      name: r.name,
      description: orNull(r.description),
      entity: l.entity,
      active: r.active,
      license_rule_field_values: r.clauses.map((c, i) => {
        const field = ruleFieldByKey(c.field);
        return {
          sort_order: i,
          and_flag: c.and_flag,
          left_parenthesis: orNull(c.left_parenthesis),
          right_parenthesis: orNull(c.right_parenthesis),
          operator: c.operator,
          value: c.value,
          license_rule_field: field
            ? {
                name: field.label,
                table_name: field.table_name,
                field_name: field.field_name,
                format: field.format,
                entity: l.entity,
              }
            : undefined,
        };
      }),
    })),
  } as LicenseSavePayload;
}

/** Dollars as typed ("12.50", "$1,200") to cents; null when it is not an amount. */
export function dollarsToCents(input: string): number | null {
  const t = input.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole = '0', fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as dollars for an input ("12.50"). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents for display ("$12.50"). */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return `$${centsToDollars(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** The request status codes the server acts on. */
export const SUBMITTED_CODE = 'submitted';
export const APPROVED_CODE = 'approved';

export { licenseEntities };
