import { type QueryOutput, queryInput } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, inputOf } from './query-draft';

const saved: QueryOutput = {
  id: '0b8e5f2c-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
  name: 'EMTs in Travis County',
  description: null,
  subject: 'people',
  owner_id: '1c9f6a3d-2e3f-4a4b-8c5d-6e7f8a9b0c1d',
  owner_name: 'Alex Admin',
  role: 'owner',
  available: true,
  query_column_values: [
    { field: 'people.last_name', sort_order: 0, sort: 'asc' },
    { field: 'people.county', sort_order: 1, label: 'Home county' },
  ],
  query_filter_values: [{ field: 'people.certification_level', operator: '=', value: 'EMT' }],
  query_advanced_filter_values: [
    {
      field: 'people.city',
      operator: 'like',
      value: 'aus',
      sort_order: 0,
      and_flag: true,
      left_parenthesis: 2,
    },
    {
      field: 'people.city',
      operator: '=',
      value: 'Houston',
      sort_order: 1,
      and_flag: false,
      right_parenthesis: '))',
    },
  ],
  query_criteria: [{ license_rule_id: '2d0a7b4e-3f4a-4b5c-9d6e-7f8a9b0c1d2e' }],
  viewers: [{ id: '3e1b8c5f-4a5b-4c6d-8e7f-8a9b0c1d2e3f', label: 'Licensing analysts' }],
  editors: [],
  default_view: 'bar',
  chart_field: 'people.county',
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
};

describe('the builder draft', () => {
  it('round-trips a saved query into the form and back into a valid query', () => {
    const input = inputOf(draftOf(saved), saved.id);
    expect(input).toMatchObject({
      id: saved.id,
      name: 'EMTs in Travis County',
      subject: 'people',
      query_column_values: [
        { field: 'people.last_name', sort_order: 0, sort: 'asc', label: null },
        { field: 'people.county', sort_order: 1, sort: null, label: 'Home county' },
      ],
      query_filter_values: [{ field: 'people.certification_level', operator: '=', value: 'EMT' }],
      query_criteria: saved.query_criteria,
      viewers: [saved.viewers[0]!.id],
      default_view: 'bar',
      chart_field: 'people.county',
    });
    // Parentheses kept as counts come back as text.
    expect(
      input.query_advanced_filter_values?.map((v) => [v.left_parenthesis, v.right_parenthesis, v.and_flag]),
    ).toEqual([
      ['((', null, true],
      [null, '))', false],
    ]);
    expect(queryInput.safeParse(input).success).toBe(true);
  });

  it('leaves out rows without a field and names an unnamed query for the preview', () => {
    const draft = {
      ...emptyDraft,
      columns: [...emptyDraft.columns, { key: 'x', field: '', label: '', sort: '' as const }],
    };
    const input = inputOf(draft, undefined);
    expect(input.id).toBeNull();
    expect(input.name).toBe('Untitled query');
    expect(input.query_column_values.map((c) => c.field)).toEqual(['people.last_name', 'people.first_name']);
    expect(queryInput.safeParse(input).success).toBe(true);
  });
});
