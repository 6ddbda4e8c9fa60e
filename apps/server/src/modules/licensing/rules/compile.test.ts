import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileRule, likePattern, RuleError, type RuleFieldValue } from './compile';
import { addMonthsClamped, resolveRuleDate, todayIn } from './relative-date';

const dialect = new PgDialect();
const today = { year: 2026, month: 1, day: 31 };

const field = (table_name: string, field_name: string, format = 'string', entity = 'user') => ({
  name: field_name,
  alias: field_name,
  table_name,
  field_name,
  format,
  entity,
});
const clause = (
  over: Partial<RuleFieldValue> & Pick<RuleFieldValue, 'license_rule_field'>,
): RuleFieldValue => ({
  sort_order: 0,
  and_flag: true,
  operator: '=',
  value: null,
  ...over,
});
const render = (values: RuleFieldValue[], entity: 'user' | 'service' | 'vehicle' = 'user') =>
  dialect.sqlToQuery(compileRule(values, entity, today));

describe('relative dates', () => {
  it('clamps the day to the length of the target month', () => {
    expect(resolveRuleDate('1 months', today)).toBe('2026-02-28');
    expect(resolveRuleDate('1 month', { year: 2028, month: 1, day: 31 })).toBe('2028-02-29');
    expect(resolveRuleDate('3 months', today)).toBe('2026-04-30');
    expect(resolveRuleDate('-2 months', { year: 2026, month: 12, day: 31 })).toBe('2026-10-31');
    expect(addMonthsClamped({ year: 2026, month: 3, day: 31 }, -1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
  });

  it('shifts by years, clamping 29 February', () => {
    expect(resolveRuleDate('1 years', { year: 2028, month: 2, day: 29 })).toBe('2029-02-28');
    expect(resolveRuleDate('-18 years', today)).toBe('2008-01-31');
    expect(resolveRuleDate('10 days', today)).toBe('2026-02-10');
  });

  it('takes plain dates and refuses anything else', () => {
    expect(resolveRuleDate('2025-12-01', today)).toBe('2025-12-01');
    expect(resolveRuleDate('2025-02-30', today)).toBeNull();
    expect(resolveRuleDate('soon', today)).toBeNull();
  });

  it("reads today in the enterprise's time zone", () => {
    const late = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('America/Chicago', late)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(todayIn('UTC', late)).toEqual({ year: 2026, month: 3, day: 1 });
  });
});

describe('likePattern', () => {
  it('wraps in wildcards without doubling those already there', () => {
    expect(likePattern('smith')).toBe('%smith%');
    expect(likePattern('smith%')).toBe('%smith%');
    expect(likePattern('%smith')).toBe('%smith%');
    expect(likePattern('%smith%')).toBe('%smith%');
  });
});

describe('compileRule', () => {
  it('binds every value as a parameter', () => {
    const q = render([
      clause({ license_rule_field: field('users', 'last_name'), value: "O'Brien; drop table users" }),
    ]);
    expect(q.sql).toBe('(lower("users"."last_name"::text) = lower($1))');
    expect(q.params).toEqual(["O'Brien; drop table users"]);
  });

  it('reads an empty value with = as null or empty, and with other operators as not null', () => {
    expect(render([clause({ license_rule_field: field('users', 'email'), value: '' })]).sql).toBe(
      `(("users"."email" is null or "users"."email"::text = ''))`,
    );
    expect(
      render([clause({ license_rule_field: field('users', 'email'), operator: '<>', value: null })]).sql,
    ).toBe('("users"."email" is not null)');
    expect(
      render([clause({ license_rule_field: field('users', 'birth_date', 'date'), value: '  ' })]).sql,
    ).toBe('("users"."birth_date" is null)');
  });

  it('matches like case-insensitively with wildcards', () => {
    const q = render([
      clause({ license_rule_field: field('users', 'last_name'), operator: 'like', value: 'smi%' }),
    ]);
    expect(q.sql).toBe('("users"."last_name"::text ilike $1)');
    expect(q.params).toEqual(['%smi%']);
    const n = render([
      clause({ license_rule_field: field('users', 'city'), operator: 'not like', value: 'ville' }),
    ]);
    expect(n.sql).toBe('("users"."city"::text not ilike $1)');
  });

  it('compares dates with relative values, clamped', () => {
    const q = render([
      clause({ license_rule_field: field('users', 'birth_date', 'date'), operator: '<', value: '1 months' }),
    ]);
    expect(q.sql).toBe('("users"."birth_date" < $1::date)');
    expect(q.params).toEqual(['2026-02-28']);
  });

  it.each([
    ['>=', 18, '"users"."birth_date" <= $1::date', ['2008-01-31']],
    ['>', 18, '"users"."birth_date" <= $1::date', ['2007-01-31']],
    ['<', 18, '"users"."birth_date" > $1::date', ['2008-01-31']],
    ['<=', 18, '"users"."birth_date" > $1::date', ['2007-01-31']],
    [
      '=',
      18,
      '("users"."birth_date" <= $1::date and "users"."birth_date" > $2::date)',
      ['2008-01-31', '2007-01-31'],
    ],
  ] as const)('turns age %s %i into a birth date bound', (operator, n, text, params) => {
    const q = render([
      clause({ license_rule_field: field('users', 'birth_date', 'age'), operator, value: String(n) }),
    ]);
    expect(q.sql).toBe(`(${text})`);
    expect(q.params).toEqual(params);
  });

  it('covers <> on ages', () => {
    const q = render([
      clause({ license_rule_field: field('users', 'birth_date', 'age'), operator: '<>', value: '21' }),
    ]);
    expect(q.sql).toContain('not ("users"."birth_date" is not null and');
  });

  it('joins clauses in sort order with AND and OR and parentheses', () => {
    const q = render([
      clause({
        sort_order: 2,
        and_flag: false,
        license_rule_field: field('users', 'state'),
        value: 'NE',
        right_parenthesis: ')',
      }),
      clause({
        sort_order: 1,
        license_rule_field: field('users', 'state'),
        value: 'IA',
        left_parenthesis: '(',
      }),
      clause({
        sort_order: 3,
        and_flag: true,
        license_rule_field: field('users', 'city'),
        operator: '<>',
        value: 'Omaha',
      }),
    ]);
    expect(q.sql).toBe(
      '((lower("users"."state"::text) = lower($1) or lower("users"."state"::text) = lower($2)) and lower("users"."city"::text) <> lower($3))',
    );
    expect(q.params).toEqual(['IA', 'NE', 'Omaha']);
  });

  it('reads linked tables through exists on the subject', () => {
    const q = render([
      clause({
        license_rule_field: field('certifications', 'expiration_date', 'date'),
        operator: '<=',
        value: '6 months',
      }),
    ]);
    expect(q.sql).toBe(
      '(exists (select 1 from "certifications" where "certifications"."user_id" = "users"."id" and "certifications"."expiration_date" <= $1::date))',
    );
    expect(q.params).toEqual(['2026-07-31']);
    const s = render(
      [
        clause({
          license_rule_field: field('certifications', 'status', 'string', 'service'),
          value: 'active',
        }),
      ],
      'service',
    );
    expect(s.sql).toContain('"certifications"."service_id" = "services"."id"');
  });

  it('refuses fields, formats, operators and parentheses it cannot compile', () => {
    const fails = (values: RuleFieldValue[], fieldName: string) => {
      try {
        compileRule(values, 'user', today);
      } catch (err) {
        expect(err).toBeInstanceOf(RuleError);
        expect((err as RuleError).field).toBe(fieldName);
        return;
      }
      throw new Error('compiled');
    };
    fails(
      [clause({ license_rule_field: field('users', 'password_hash') })],
      'license_rule_field_values.0.license_rule_field',
    );
    fails(
      [clause({ license_rule_field: field('pg_user', 'usename') })],
      'license_rule_field_values.0.license_rule_field',
    );
    fails(
      [clause({ license_rule_field: field('users', 'last_name', 'age') })],
      'license_rule_field_values.0.license_rule_field',
    );
    fails(
      [clause({ license_rule_field: field('services', 'name', 'string', 'service') })],
      'license_rule_field_values.0.license_rule_field',
    );
    fails(
      [clause({ license_rule_field: field('users', 'city'), operator: '; drop' })],
      'license_rule_field_values.0.operator',
    );
    fails(
      [clause({ license_rule_field: field('users', 'birth_date', 'date'), operator: 'like', value: 'x' })],
      'license_rule_field_values.0.operator',
    );
    fails(
      [clause({ license_rule_field: field('users', 'birth_date', 'date'), value: 'next week' })],
      'license_rule_field_values.0.value',
    );
    fails(
      [clause({ license_rule_field: field('users', 'city'), left_parenthesis: '(' })],
      'license_rule_field_values',
    );
    fails(
      [clause({ license_rule_field: field('users', 'city'), right_parenthesis: ')' })],
      'license_rule_field_values.0.right_parenthesis',
    );
    fails(
      [clause({ license_rule_field: field('users', 'city'), left_parenthesis: '(x' })],
      'license_rule_field_values.0.left_parenthesis',
    );
    fails([], 'license_rule_field_values');
  });
});
