import type { QueryDefinition } from '@licensure/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../licensing/rules/compile';
import { catalogue, subjects } from './catalogue';
import { compileQuery, selectList } from './compile';

const dialect = new PgDialect();
const today = { year: 2026, month: 1, day: 31 };
const enterprise = '11111111-1111-4111-8111-111111111111';

const def = (over: Partial<QueryDefinition> = {}): QueryDefinition => ({
  name: 'q',
  subject: 'people',
  query_column_values: [{ field: 'people.last_name', sort_order: 0, sort: 'asc' }],
  query_filter_values: [],
  query_advanced_filter_values: [],
  query_criteria: [],
  viewers: [],
  editors: [],
  default_view: 'table',
  ...over,
});
const render = (d: QueryDefinition) => {
  const q = compileQuery(d, enterprise, today);
  return dialect.sqlToQuery(
    sql`select ${selectList(q)} from ${q.subject.table} where ${q.where} order by ${q.orderBy}`,
  );
};
const failure = (d: QueryDefinition) => {
  try {
    compileQuery(d, enterprise, today);
  } catch (err) {
    if (err instanceof RuleError) return { field: err.field, message: err.message };
    throw err;
  }
  throw new Error('compiled');
};

describe('the catalogue', () => {
  it('names each field once, under its subject, with a permission', () => {
    const ids = catalogue.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of catalogue) {
      expect(f.id.startsWith(`${f.subject}.`)).toBe(true);
      expect(f.id).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(subjects[f.subject]).toBeDefined();
    }
  });
});

describe('compileQuery', () => {
  it('binds every value as a parameter and keeps the enterprise and live rows', () => {
    const { sql: text, params } = render(
      def({
        query_filter_values: [
          { field: 'people.last_name', operator: '=', value: "O'Brien'; drop table users; --" },
          { field: 'people.county', operator: 'like', value: 'travis' },
        ],
      }),
    );
    expect(text).not.toContain('drop table');
    expect(text).not.toContain('travis');
    expect(params).toContain("O'Brien'; drop table users; --");
    expect(params).toContain('%travis%');
    expect(params).toContain(enterprise);
    expect(text).toContain('"users"."deleted_at" is null');
    expect(text).toMatch(/"users"\."county_fips" in \(select "geo_counties"\."fips" from "geo_counties"/);
    // Names sort as the name index holds them, so a first page reads it in order.
    expect(text).toMatch(/order by lower\("users"\."last_name"\) collate "C" asc, "users"\."id" asc$/);
  });

  it('compares a filter through a reference list with the ids it was resolved to, as one parameter', () => {
    const d = def({
      query_filter_values: [{ field: 'people.county', operator: '=', value: 'Travis County' }],
    });
    const first = compileQuery(d, enterprise, today);
    expect(first.lookups.map((l) => l.key)).toEqual(['query_filter_values.0']);
    const resolved = new Map([['query_filter_values.0', ['48453', 'a"b\\c']]]);
    const q = compileQuery(d, enterprise, today, [], resolved);
    expect(q.lookups).toEqual([]);
    const { sql: text, params } = dialect.sqlToQuery(sql`${q.where}`);
    expect(text).toMatch(/"users"\."county_fips" = any\(\$\d+::text\[\]\)/);
    expect(params).toContain('{"48453","a\\"b\\\\c"}');
  });

  it('reads linked rows through exists, and lists them joined in one cell', () => {
    const { sql: text } = render(
      def({
        query_column_values: [{ field: 'people.certification_level', sort_order: 0 }],
        query_filter_values: [{ field: 'people.certification_level', operator: '=', value: 'Paramedic' }],
      }),
    );
    expect(text).toContain(
      'exists (select 1 from "certifications" where "certifications"."user_id" = "users"."id"',
    );
    expect(text).toContain('string_agg(distinct v');
  });

  it('joins advanced clauses with and/or and parentheses, AND binding tighter', () => {
    const clause = (field: string, value: string, extra = {}) => ({
      field,
      operator: '=' as const,
      value,
      sort_order: 0,
      and_flag: true,
      ...extra,
    });
    const { sql: text } = render(
      def({
        query_advanced_filter_values: [
          clause('people.city', 'Austin', { sort_order: 0, left_parenthesis: '(' }),
          clause('people.city', 'Houston', { sort_order: 1, and_flag: false, right_parenthesis: ')' }),
          clause('people.state', 'TX', { sort_order: 2 }),
        ],
      }),
    );
    expect(text).toMatch(
      /\(\(lower\("users"\."city"::text\) = lower\(\$\d+\) or lower\("users"\."city"::text\) = lower\(\$\d+\)\) and lower/,
    );
  });

  it('names the input of a field, operator or value it cannot compile', () => {
    expect(failure(def({ query_column_values: [{ field: 'services.name', sort_order: 0 }] }))).toEqual({
      field: 'query_column_values.0.field',
      message: 'Name is a field of services, not of people',
    });
    expect(
      failure(def({ query_filter_values: [{ field: 'people.nope', operator: '=', value: 'x' }] })).field,
    ).toBe('query_filter_values.0.field');
    expect(
      failure(def({ query_filter_values: [{ field: 'people.birth_date', operator: 'like', value: '1990' }] }))
        .field,
    ).toBe('query_filter_values.0.operator');
    expect(
      failure(
        def({
          subject: 'vehicles',
          query_column_values: [{ field: 'vehicles.model_year', sort_order: 0 }],
          query_filter_values: [{ field: 'vehicles.model_year', operator: '>', value: '2019; --' }],
        }),
      ).field,
    ).toBe('query_filter_values.0.value');
    expect(
      failure(
        def({
          subject: 'vehicles',
          query_column_values: [{ field: 'vehicles.in_service', sort_order: 0 }],
          query_filter_values: [{ field: 'vehicles.in_service', operator: '=', value: 'maybe' }],
        }),
      ).field,
    ).toBe('query_filter_values.0.value');
    expect(
      failure(
        def({
          query_advanced_filter_values: [
            {
              field: 'people.city',
              operator: '=',
              value: 'x',
              sort_order: 0,
              and_flag: true,
              left_parenthesis: '((',
            },
          ],
        }),
      ),
    ).toEqual({
      field: 'query_advanced_filter_values',
      message: 'The parentheses of the advanced filter do not balance',
    });
  });

  it('compares yes/no and numbers as such', () => {
    const { sql: text, params } = render(
      def({
        subject: 'vehicles',
        query_column_values: [{ field: 'vehicles.make', sort_order: 0 }],
        query_filter_values: [
          { field: 'vehicles.in_service', operator: '=', value: 'no' },
          { field: 'vehicles.model_year', operator: '>=', value: '2019' },
        ],
      }),
    );
    expect(text).toContain('"vehicles"."in_service" is not distinct from');
    expect(params).toContain(false);
    expect(params).toContain(2019);
  });
});
