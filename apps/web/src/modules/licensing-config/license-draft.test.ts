import type { LicenseOutput } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  centsToDollars,
  dollarsToCents,
  draftOf,
  emptyDraft,
  formatCents,
  newClause,
} from './license-draft';
import {
  describePath,
  errorsByPath,
  inputId,
  inputPathOf,
  tabOfPath,
  validatePayload,
} from './license-draft-paths';
import { ruleFieldKey } from './rule-fields';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const stored: LicenseOutput = {
  id: id(1),
  enterprise_id: id(2),
  name: 'EMT licence',
  code: 'EMT',
  description: null,
  entity: 'user',
  active: true,
  public_lookup: false,
  form_package_id: null,
  autonumber_id: id(3),
  renewal_window_days: 60,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  license_categories: [
    {
      id: id(10),
      enterprise_id: id(2),
      license_id: id(1),
      label: 'Clinical',
      code: 'CLIN',
      description: 'kept as stored',
      allow_multiple_levels: true,
      sort_order: 0,
      created_at: 'x',
      updated_at: 'x',
    },
  ],
  license_category_levels: [
    {
      id: id(20),
      license_id: id(1),
      license_category_id: id(10),
      label: 'EMT',
      months_valid: 24,
      expiration_rule: 'end_of_month',
      sort_order: 0,
    },
  ],
  license_request_statuses: [{ id: id(30), label: 'Submitted', code: 'submitted', is_final: false }],
  license_category_certification_statuses: [
    {
      id: id(40),
      label: 'Issued',
      license_category_id: null,
      holder_state: 'active',
      is_issued_status: true,
    },
  ],
  license_category_certification_attributes: [],
  processes: [{ id: id(50), process_id: id(51), required: false, sort_order: 0 }],
  license_rules: [
    {
      id: id(60),
      name: 'Adults',
      description: null,
      license_id: id(1),
      entity: 'user',
      active: true,
      created_at: 'x',
      updated_at: 'x',
      license_rule_field_values: [
        {
          id: id(61),
          sort_order: 0,
          and_flag: true,
          left_parenthesis: null,
          right_parenthesis: null,
          operator: '>=',
          value: '18',
          license_rule_field_id: id(62),
          license_rule_field: {
            id: id(62),
            name: 'Age',
            alias: null,
            table_name: 'users',
            field_name: 'birth_date',
            format: 'age',
            entity: 'user',
          },
        },
      ],
    },
  ],
};

describe('licence draft and payload', () => {
  it('sends back what it read, with stored fields kept and server columns left out', () => {
    const payload = buildPayload(draftOf(stored));
    expect(payload.license).toMatchObject({
      name: 'EMT licence',
      code: 'EMT',
      description: null,
      autonumber_id: id(3),
      form_package_id: null,
      renewal_window_days: 60,
      public_lookup: false,
    });
    const category = payload.license_categories?.[0];
    expect(category).toMatchObject({ id: id(10), label: 'Clinical', description: 'kept as stored' });
    expect(category).not.toHaveProperty('license_id');
    expect(category).not.toHaveProperty('enterprise_id');
    expect(payload.license_category_levels?.[0]).toMatchObject({
      id: id(20),
      license_category_id: id(10),
      months_valid: 24,
    });
    expect(payload.processes?.[0]).toMatchObject({ process_id: id(51), required: false });
    const clause = payload.license_rules?.[0]?.license_rule_field_values[0];
    expect(clause).toMatchObject({
      operator: '>=',
      value: '18',
      license_rule_field: { table_name: 'users', field_name: 'birth_date', format: 'age', entity: 'user' },
    });
    expect(validatePayload(payload)).toEqual({});
  });

  it('lets a new level name a new category by its client-chosen id and orders sets by position', () => {
    const d = emptyDraft();
    d.license.name = 'Ambulance service';
    const categoryId = crypto.randomUUID();
    d.categories.push({
      key: categoryId,
      id: categoryId,
      stored: {},
      label: 'Ground',
      allow_multiple_levels: false,
      supersedes: 'none',
    });
    for (const label of ['Basic', 'Advanced'])
      d.levels.push({
        key: label,
        stored: {},
        license_category_id: categoryId,
        label,
        months_valid: '12',
        expiration_rule: 'exact',
      });
    const payload = buildPayload(d);
    expect(payload.license_categories?.[0]?.id).toBe(categoryId);
    expect(payload.license_category_levels?.map((l) => [l.label, l.sort_order, l.months_valid])).toEqual([
      ['Basic', 0, 12],
      ['Advanced', 1, 12],
    ]);
    expect(payload.license_category_levels?.[0]).not.toHaveProperty('id');
    expect(validatePayload(payload)).toEqual({});
  });

  it('names the field of each client-side problem by its payload path', () => {
    const d = emptyDraft();
    d.license.renewal_window_days = 'soon';
    d.levels.push({
      key: 'l',
      stored: {},
      license_category_id: '',
      label: '',
      months_valid: '0',
      expiration_rule: 'exact',
    });
    d.rules.push({ key: 'r', name: 'R', description: '', active: true, clauses: [newClause()] });
    const errors = validatePayload(buildPayload(d));
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        'license.name',
        'license.renewal_window_days',
        'license_category_levels.0.label',
        'license_category_levels.0.months_valid',
        'license_rules.0.license_rule_field_values.0.license_rule_field',
      ]),
    );
  });

  it('maps server field keys to paths, inputs and tabs', () => {
    expect(
      errorsByPath({
        name: 'This name is already used by another record.',
        'license_category_levels.0.license_category_id': 'Choose a category of this licence.',
        'license_rules.0.license_rule_field_values.1.value': 'must be a number of years',
      }),
    ).toEqual({
      'license.name': 'This name is already used by another record.',
      'license_category_levels.0.license_category_id': 'Choose a category of this licence.',
      'license_rules.0.license_rule_field_values.1.value': 'must be a number of years',
    });
    expect(tabOfPath('license.name')).toBe('general');
    expect(tabOfPath('license_category_levels.3.label')).toBe('categories');
    expect(tabOfPath('license_rules.0.license_rule_field_values.1.value')).toBe('rules');
    expect(tabOfPath('processes.0.process_id')).toBe('processes');
    expect(inputPathOf('license_rules.0.license_rule_field_values.1.value')).toBe(
      'license_rules.0.license_rule_field_values.1.value',
    );
    expect(inputPathOf('license_rules.0.license_rule_field_values.1')).toBe(
      'license_rules.0.license_rule_field_values.1.license_rule_field',
    );
    expect(inputPathOf('license_rules.0.license_rule_field_values')).toBe('license_rules.0.name');
    expect(inputId('license_categories.0.label')).toBe('lc-license_categories-0-label');
    const d = draftOf(stored);
    expect(describePath(d, 'license_category_levels.0.months_valid')).toBe('Level 1 (EMT)');
    expect(describePath(d, 'license.renewal_window_days')).toBe('General: Renewal window (days)');
    expect(describePath(d, 'license_rules.0.license_rule_field_values.0.value')).toBe(
      'Rule 1 (Adults), clause 1',
    );
  });

  it('reads back rule clauses in order with their whitelisted field', () => {
    const d = draftOf(stored);
    expect(d.rules[0]?.clauses[0]?.field).toBe(
      ruleFieldKey({ table_name: 'users', field_name: 'birth_date', format: 'age' }),
    );
  });
});

describe('dollars and cents', () => {
  it('stores dollars as cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$1,200.05')).toBe(120005);
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('12.345')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
  });
  it('shows cents as dollars', () => {
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(null)).toBe('');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });
});
