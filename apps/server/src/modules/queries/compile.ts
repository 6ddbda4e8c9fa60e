import type {
  QueryAdvancedFilterValue,
  QueryDefinition,
  QueryFieldType,
  QueryOperator,
} from '@licensure/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { clauseCondition, joinClauses, RuleError } from '../licensing/rules/compile';
import type { CalendarDate } from '../licensing/rules/relative-date';
import {
  type CatalogueField,
  type CatalogueSubject,
  type FieldAccess,
  fieldById,
  subjects,
} from './catalogue';

/**
 * A saved query compiled to parameterised SQL over the catalogue: the licence rule compiler builds each
 * condition (operators, relative dates, like patterns, and/or with parentheses); field ids only select
 * SQL made from column objects; every value the caller typed is a bound parameter.
 */

export interface CompiledColumn {
  field: CatalogueField;
  label: string;
  /** The cell, as text, number or boolean. */
  value: SQL;
}

/**
 * A filter through a reference list (a county by name, a level by label): the ids it matches are looked
 * up first, so that the query itself compares the record's own column with a list of ids, which the
 * planner estimates from the column's statistics (a subquery there is a guess, and a bad plan at scale).
 */
export interface LookupRequest {
  /** The filter it belongs to (`query_filter_values.0`). */
  key: string;
  /** Selects the matching ids as `id`. */
  query: SQL;
}

/** The ids each lookup matched, by key; a lookup left out is compiled as a subquery. */
export type ResolvedLookups = ReadonlyMap<string, readonly string[]>;

export interface CompiledQuery {
  subject: CatalogueSubject;
  /** Lookups not resolved yet (none when compiled with every lookup resolved). */
  lookups: LookupRequest[];
  columns: CompiledColumn[];
  where: SQL;
  orderBy: SQL;
  /** Every field the query reads (columns, filters, sort, chart). */
  fields: CatalogueField[];
}

type Expr = PgColumn | SQL;

/** Looks a field up for `subject`, or says which input names one that is not in the catalogue. */
export function catalogueField(id: string, subject: string, at: string): CatalogueField {
  const f = fieldById.get(id);
  if (!f) throw new RuleError(at, `${id} is not a field of the query catalogue`);
  if (f.subject !== subject)
    throw new RuleError(at, `${f.label} is a field of ${f.subject}, not of ${subject}`);
  return f;
}

/** The raw value of a field on the subject's row (for sorting and charts). */
export function rawValue(access: FieldAccess, subject: CatalogueSubject): SQL {
  switch (access.kind) {
    case 'column':
      return sql`(${access.expr})`;
    case 'lookup':
      return sql`(select ${access.label} from ${access.table} where ${access.id} = ${access.fk})`;
    case 'many':
      return sql`(select string_agg(distinct v, ', ' order by v) from (select (${rawValue(access.inner, subject)})::text as v from ${access.table} where ${access.link} = ${subject.id} and ${access.live}) linked)`;
  }
}

/** The cell of a field: dates as YYYY-MM-DD text, numbers as numbers, the rest as they are. */
export function cellValue(field: CatalogueField, subject: CatalogueSubject): SQL {
  const raw = rawValue(field.access, subject);
  if (field.access.kind === 'many') return raw;
  if (field.type === 'date') return sql`to_char(${raw}, 'YYYY-MM-DD')`;
  if (field.type === 'number') return sql`${raw}::float8`;
  if (field.type === 'bool') return sql`${raw}::boolean`;
  return sql`${raw}::text`;
}

const truthy = new Set(['true', 'yes', '1', 'y']);
const falsy = new Set(['false', 'no', '0', 'n']);

/** The condition of one filter on an expression of the field's type. */
function typedCondition(
  target: Expr,
  type: QueryFieldType,
  operator: QueryOperator,
  raw: string | null,
  today: CalendarDate,
  at: string,
): SQL {
  const value = (raw ?? '').trim();
  if (type === 'text' || type === 'date' || value === '')
    return clauseCondition(target, type === 'date' ? 'date' : 'string', operator, value, today, at);
  if (operator === 'like' || operator === 'not like')
    throw new RuleError(`${at}.operator`, `${operator} applies to text fields only`);
  if (type === 'number') {
    if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(value)) throw new RuleError(`${at}.value`, 'must be a number');
    return sql`${target} ${sql.raw(operator)} ${Number(value)}`;
  }
  const lower = value.toLowerCase();
  if (!truthy.has(lower) && !falsy.has(lower)) throw new RuleError(`${at}.value`, 'must be yes or no');
  if (operator !== '=' && operator !== '<>')
    throw new RuleError(`${at}.operator`, 'must be = or <> for yes/no fields');
  return sql`${target} is ${sql.raw(operator === '=' ? 'not ' : '')}distinct from ${truthy.has(lower)}`;
}

interface LookupContext {
  key: string;
  enterpriseId: string;
  resolved?: ResolvedLookups;
  pending: LookupRequest[];
}

/** A list of ids as one bound parameter: a PostgreSQL array literal, each element quoted. */
const arrayLiteral = (ids: readonly string[]) =>
  `{${ids.map((id) => `"${id.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

function accessCondition(
  access: FieldAccess,
  subject: CatalogueSubject,
  build: (target: Expr) => SQL,
  empty: boolean,
  operator: QueryOperator,
  lookups: LookupContext,
): SQL {
  switch (access.kind) {
    case 'column':
      return build(access.expr);
    case 'lookup': {
      // An empty value asks whether the record names any entry of the list at all.
      if (empty) return operator === '=' ? sql`${access.fk} is null` : sql`${access.fk} is not null`;
      const ids = lookups.resolved?.get(lookups.key);
      if (ids) return sql`${access.fk} = any(${arrayLiteral(ids)}::${sql.raw(access.id.getSQLType())}[])`;
      const own = getTableColumns(access.table).enterprise_id;
      const scope = own ? sql` and ${own} = ${lookups.enterpriseId}` : sql``;
      lookups.pending.push({
        key: lookups.key,
        query: sql`select ${access.id} as id from ${access.table} where ${build(access.label)}${scope}`,
      });
      return sql`${access.fk} in (select ${access.id} from ${access.table} where ${build(access.label)})`;
    }
    case 'many':
      return sql`exists (select 1 from ${access.table} where ${access.link} = ${subject.id} and ${access.live} and ${accessCondition(access.inner, subject, build, empty, operator, lookups)})`;
  }
}

/** One filter (simple or advanced) as a condition on the subject's row. */
export function filterCondition(
  f: { field: string; operator: QueryOperator; value: string | null },
  subject: CatalogueSubject,
  today: CalendarDate,
  at: string,
  lookups: Omit<LookupContext, 'key'>,
): { field: CatalogueField; condition: SQL } {
  const field = catalogueField(f.field, subject.key, `${at}.field`);
  const empty = (f.value ?? '').trim() === '';
  const build = (target: Expr) => typedCondition(target, field.type, f.operator, f.value, today, at);
  const context = { ...lookups, key: at };
  return { field, condition: accessCondition(field.access, subject, build, empty, f.operator, context) };
}

/**
 * The whole query: the enterprise's live rows of its subject, every simple filter, the advanced filter
 * and the criteria (licence rule conditions, already compiled), sorted by its sorted columns then id.
 */
export function compileQuery(
  def: Pick<
    QueryDefinition,
    'subject' | 'query_column_values' | 'query_filter_values' | 'query_advanced_filter_values' | 'chart_field'
  >,
  enterpriseId: string,
  today: CalendarDate,
  criteria: readonly SQL[] = [],
  resolved?: ResolvedLookups,
): CompiledQuery {
  const subject = subjects[def.subject];
  const lookups = { enterpriseId, resolved, pending: [] as LookupRequest[] };
  const used: CatalogueField[] = [];
  const ordered = def.query_column_values
    .map((c, index) => ({ c, index }))
    .sort((a, b) => a.c.sort_order - b.c.sort_order || a.index - b.index);
  const columns = ordered.map(({ c, index }) => {
    const field = catalogueField(c.field, subject.key, `query_column_values.${index}.field`);
    used.push(field);
    return { field, label: c.label?.trim() || field.label, value: cellValue(field, subject), sort: c.sort };
  });
  const conditions: SQL[] = [sql`${subject.enterprise} = ${enterpriseId}`, subject.live];
  def.query_filter_values.forEach((f, i) => {
    const { field, condition } = filterCondition(f, subject, today, `query_filter_values.${i}`, lookups);
    used.push(field);
    conditions.push(condition);
  });
  if (def.query_advanced_filter_values.length > 0)
    conditions.push(
      joinClauses<QueryAdvancedFilterValue>(
        def.query_advanced_filter_values,
        'query_advanced_filter_values',
        'advanced filter',
        (v, at) => {
          const { field, condition } = filterCondition(v, subject, today, at, lookups);
          used.push(field);
          return condition;
        },
      ),
    );
  conditions.push(...criteria);
  if (def.chart_field) used.push(catalogueField(def.chart_field, subject.key, 'chart_field'));
  // Descending puts empty values first, as an index read backwards gives them.
  const sorts = columns
    .filter((c) => c.sort)
    .map(
      (c) =>
        sql`${c.field.sortKey ?? rawValue(c.field.access, subject)} ${sql.raw(c.sort === 'desc' ? 'desc' : 'asc')}`,
    );
  if (sorts.length === 0) sorts.push(sql`${subject.defaultSort} asc`);
  sorts.push(sql`${subject.id} asc`);
  return {
    subject,
    lookups: lookups.pending,
    columns: columns.map(({ field, label, value }) => ({ field, label, value })),
    where: sql.join(conditions, sql` and `),
    orderBy: sql.join(sorts, sql`, `),
    fields: [...new Set(used)],
  };
}

/** The select list: each column's cell as c0, c1, ... */
export function selectList(q: CompiledQuery): SQL {
  return sql.join(
    q.columns.map((c, i) => sql`${c.value} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
}
