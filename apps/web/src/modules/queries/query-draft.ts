import type { QueryInput, QueryOutput, QuerySubject, QueryView } from '@licensure/contracts';
import { type AdvancedRow, type ColumnRow, type FilterRow, newKey } from './query-builder-rows';

/** The builder's form state, and how it becomes the API's query and back. */
export interface Draft {
  name: string;
  description: string;
  subject: QuerySubject;
  columns: ColumnRow[];
  filters: FilterRow[];
  advanced: AdvancedRow[];
  criteria: string[];
  viewers: string[];
  editors: string[];
  default_view: QueryView;
  chart_field: string;
}

export const emptyDraft: Draft = {
  name: '',
  description: '',
  subject: 'people',
  columns: [
    { key: newKey(), field: 'people.last_name', label: '', sort: 'asc' },
    { key: newKey(), field: 'people.first_name', label: '', sort: '' },
  ],
  filters: [],
  advanced: [],
  criteria: [],
  viewers: [],
  editors: [],
  default_view: 'table',
  chart_field: '',
};

/** The licence rule entity of the subjects whose rows rules can hold. */
export const ruleEntity: Partial<Record<QuerySubject, string>> = {
  people: 'user',
  services: 'service',
  vehicles: 'vehicle',
};

export function draftOf(q: QueryOutput): Draft {
  return {
    name: q.name,
    description: q.description ?? '',
    subject: q.subject,
    columns: q.query_column_values.map((c) => ({
      key: newKey(),
      field: c.field,
      label: c.label ?? '',
      sort: c.sort ?? '',
    })),
    filters: q.query_filter_values.map((f) => ({
      key: newKey(),
      field: f.field,
      operator: f.operator,
      value: f.value ?? '',
    })),
    advanced: q.query_advanced_filter_values.map((f) => ({
      key: newKey(),
      field: f.field,
      operator: f.operator,
      value: f.value ?? '',
      and_flag: f.and_flag,
      left:
        typeof f.left_parenthesis === 'number' ? '('.repeat(f.left_parenthesis) : (f.left_parenthesis ?? ''),
      right:
        typeof f.right_parenthesis === 'number'
          ? ')'.repeat(f.right_parenthesis)
          : (f.right_parenthesis ?? ''),
    })),
    criteria: q.query_criteria.map((c) => c.license_rule_id),
    viewers: q.viewers.map((g) => g.id),
    editors: q.editors.map((g) => g.id),
    default_view: q.default_view,
    chart_field: q.chart_field ?? '',
  };
}

export function inputOf(d: Draft, id: string | undefined): QueryInput {
  return {
    id: id ?? null,
    name: d.name.trim() || 'Untitled query',
    description: d.description.trim() || null,
    subject: d.subject,
    query_column_values: d.columns
      .filter((c) => c.field)
      .map((c, i) => ({
        field: c.field,
        label: c.label.trim() || null,
        sort_order: i,
        sort: c.sort || null,
      })),
    query_filter_values: d.filters
      .filter((f) => f.field)
      .map((f) => ({ field: f.field, operator: f.operator, value: f.value })),
    query_advanced_filter_values: d.advanced
      .filter((f) => f.field)
      .map((f, i) => ({
        field: f.field,
        operator: f.operator,
        value: f.value,
        sort_order: i,
        and_flag: f.and_flag,
        left_parenthesis: f.left || null,
        right_parenthesis: f.right || null,
      })),
    query_criteria: d.criteria.map((license_rule_id) => ({ license_rule_id })),
    viewers: d.viewers,
    editors: d.editors,
    default_view: d.default_view,
    chart_field: d.chart_field || null,
  };
}
