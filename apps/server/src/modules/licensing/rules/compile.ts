import { certifications, services, userQualifications, users, vehicles } from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addMonthsClamped, type CalendarDate, formatDate, resolveRuleDate } from './relative-date';

/**
 * Licence rules compiled to parameterised SQL. A rule is a list of clauses, each naming a rule field
 * (a table and field), an operator and a value, joined by AND or OR with optional parentheses. Only
 * fields in the whitelist below can be used: table and field names select a column object, they are
 * never written into the SQL text, and every value is a bound parameter.
 */

export type RuleEntity = 'user' | 'service' | 'vehicle';
export type RuleFormat = 'string' | 'date' | 'age';

export const ruleOperators = ['=', '<>', '<', '<=', '>', '>=', 'like', 'not like'] as const;
export type RuleOperator = (typeof ruleOperators)[number];

export interface RuleField {
  name?: string | null;
  alias?: string | null;
  table_name: string;
  field_name: string;
  format: string;
  entity: string;
}

export interface RuleFieldValue {
  sort_order: number;
  and_flag: boolean;
  left_parenthesis?: string | number | null;
  right_parenthesis?: string | number | null;
  operator: string;
  value: string | null;
  license_rule_field: RuleField;
}

/** A rule that cannot be compiled; `field` names the clause (`license_rule_field_values.<i>.…`). */
export class RuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface RuleTable {
  table: PgTable;
  /** The column holding the subject's id, for tables other than the subject's own. */
  link?: Partial<Record<RuleEntity, PgColumn>>;
  columns: Record<string, { column: PgColumn; formats: readonly RuleFormat[] }>;
}

const text = (column: PgColumn) => ({ column, formats: ['string'] as const });
const day = (column: PgColumn) => ({ column, formats: ['date'] as const });
const birth = (column: PgColumn) => ({ column, formats: ['date', 'age'] as const });

/** The fields a rule may read, per table. */
export const ruleWhitelist: Record<string, RuleTable> = {
  users: {
    table: users,
    columns: {
      first_name: text(users.first_name),
      last_name: text(users.last_name),
      email: text(users.email),
      city: text(users.city),
      state: text(users.state),
      postal_code: text(users.postal_code),
      county_fips: text(users.county_fips),
      national_ems_id: text(users.national_ems_id),
      user_status_id: text(users.user_status_id),
      gender_id: text(users.gender_id),
      birth_date: birth(users.birth_date),
    },
  },
  services: {
    table: services,
    columns: {
      name: text(services.name),
      service_number: text(services.service_number),
      city: text(services.city),
      state: text(services.state),
      county_fips: text(services.county_fips),
      classification_id: text(services.classification_id),
      primary_level_id: text(services.primary_level_id),
    },
  },
  vehicles: {
    table: vehicles,
    columns: {
      make: text(vehicles.make),
      model: text(vehicles.model),
      vehicle_type_id: text(vehicles.vehicle_type_id),
      plate_state: text(vehicles.plate_state),
      model_year: text(vehicles.model_year),
    },
  },
  certifications: {
    table: certifications,
    link: {
      user: certifications.user_id,
      service: certifications.service_id,
      vehicle: certifications.vehicle_id,
    },
    columns: {
      number: text(certifications.number),
      status: text(certifications.status),
      license_id: text(certifications.license_id),
      license_category_level_id: text(certifications.license_category_level_id),
      certification_level_id: text(certifications.certification_level_id),
      issue_date: day(certifications.issue_date),
      expiration_date: day(certifications.expiration_date),
    },
  },
  user_qualifications: {
    table: userQualifications,
    link: { user: userQualifications.user_id },
    columns: {
      kind: text(userQualifications.kind),
      reference_id: text(userQualifications.reference_id),
      label: text(userQualifications.label),
      start_date: day(userQualifications.start_date),
      end_date: day(userQualifications.end_date),
    },
  },
};

const subjectTables: Record<RuleEntity, { table: PgTable; id: PgColumn; enterprise: PgColumn }> = {
  user: { table: users, id: users.id, enterprise: users.enterprise_id },
  service: { table: services, id: services.id, enterprise: services.enterprise_id },
  vehicle: { table: vehicles, id: vehicles.id, enterprise: vehicles.enterprise_id },
};
const ownTable: Record<RuleEntity, string> = { user: 'users', service: 'services', vehicle: 'vehicles' };

/**
 * The LIKE pattern of a value: wrapped in wildcards, except that a value already starting with a
 * wildcard gets none added at the start, and one already ending with a wildcard none at the end.
 */
export function likePattern(value: string): string {
  const start = value.startsWith('%') ? '' : '%';
  const end = value.endsWith('%') ? '' : '%';
  return `${start}${value}${end}`;
}

function parenCount(v: string | number | null | undefined, char: '(' | ')', field: string): number {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > 10) throw new RuleError(field, 'must be a count from 0 to 10');
    return v;
  }
  const trimmed = v.replace(/\s/g, '');
  if (![...trimmed].every((c) => c === char)) throw new RuleError(field, `may only hold "${char}"`);
  return trimmed.length;
}

/**
 * The condition of one clause on a column of the subject's row or of a linked row (or on any SQL
 * expression: the query builder's fields), with the value as a bound parameter.
 */
export function clauseCondition(
  column: PgColumn | SQL,
  format: RuleFormat,
  operator: RuleOperator,
  raw: string | null,
  today: CalendarDate,
  at: string,
): SQL {
  const value = (raw ?? '').trim();
  if (value === '') {
    // The spec: an empty value with = means null or empty; with any other operator, not null.
    if (operator !== '=') return sql`${column} is not null`;
    return format === 'string' ? sql`(${column} is null or ${column}::text = '')` : sql`${column} is null`;
  }
  if (format === 'string') {
    if (operator === 'like') return sql`${column}::text ilike ${likePattern(value)}`;
    if (operator === 'not like') return sql`${column}::text not ilike ${likePattern(value)}`;
    const op = sql.raw(operator);
    return sql`lower(${column}::text) ${op} lower(${value})`;
  }
  if (operator === 'like' || operator === 'not like')
    throw new RuleError(`${at}.operator`, `${operator} applies to text fields only`);
  if (format === 'date') {
    const date = resolveRuleDate(value, today);
    if (!date)
      throw new RuleError(`${at}.value`, "must be a date (YYYY-MM-DD) or 'N days', 'N months' or 'N years'");
    return sql`${column} ${sql.raw(operator)} ${date}::date`;
  }
  // Age in whole years, from a birth date: age >= N when born on or before today minus N years.
  if (!/^\d{1,3}$/.test(value)) throw new RuleError(`${at}.value`, 'must be an age in whole years');
  const n = Number(value);
  const bornBy = (years: number) => formatDate(addMonthsClamped(today, -12 * years));
  const atLeast = (years: number) => sql`${column} <= ${bornBy(years)}::date`;
  const under = (years: number) => sql`${column} > ${bornBy(years)}::date`;
  switch (operator) {
    case '>=':
      return atLeast(n);
    case '>':
      return atLeast(n + 1);
    case '<':
      return under(n);
    case '<=':
      return under(n + 1);
    case '=':
      return sql`(${atLeast(n)} and ${under(n + 1)})`;
    case '<>':
      return sql`not (${column} is not null and ${atLeast(n)} and ${under(n + 1)})`;
  }
}

/** A clause of a rule or of a query's advanced filters: its place, how it joins, its parentheses. */
export interface JoinedClause {
  sort_order: number;
  and_flag: boolean;
  left_parenthesis?: string | number | null;
  right_parenthesis?: string | number | null;
}

/**
 * Clauses joined into one condition: taken in sort order; each one's and_flag joins it to what comes
 * before (the first one's is ignored); AND binds tighter than OR, as in SQL; parentheses must balance.
 * `path` names the list in errors (`<path>.<i>.…`); `noun` says what holds the clauses.
 */
export function joinClauses<C extends JoinedClause>(
  values: readonly C[],
  path: string,
  noun: string,
  condition: (clause: C, at: string) => SQL,
): SQL {
  const ordered = values
    .map((v, index) => ({ v, index }))
    .sort((a, b) => a.v.sort_order - b.v.sort_order || a.index - b.index);
  if (ordered.length === 0) throw new RuleError(path, `A ${noun} needs at least one clause`);
  const parts: SQL[] = [];
  let depth = 0;
  ordered.forEach(({ v, index }, position) => {
    const at = `${path}.${index}`;
    const c = condition(v, at);
    const open = parenCount(v.left_parenthesis, '(', `${at}.left_parenthesis`);
    const close = parenCount(v.right_parenthesis, ')', `${at}.right_parenthesis`);
    if (position > 0) parts.push(v.and_flag ? sql` and ` : sql` or `);
    parts.push(sql.raw('('.repeat(open)), c, sql.raw(')'.repeat(close)));
    depth += open - close;
    if (depth < 0) throw new RuleError(`${at}.right_parenthesis`, 'closes a parenthesis that was not opened');
  });
  if (depth !== 0) throw new RuleError(path, `The parentheses of the ${noun} do not balance`);
  return sql`(${sql.join(parts)})`;
}

/** One rule as a WHERE condition on the subject's table (users, services or vehicles). */
export function compileRule(values: readonly RuleFieldValue[], entity: RuleEntity, today: CalendarDate): SQL {
  const subject = subjectTables[entity];
  return joinClauses(values, 'license_rule_field_values', 'rule', (v, at) => {
    const f = v.license_rule_field;
    if (f.entity !== entity)
      throw new RuleError(`${at}.license_rule_field`, `is a field of a ${f.entity}, not of a ${entity}`);
    const table = ruleWhitelist[f.table_name];
    const entry = table?.columns[f.field_name];
    if (!table || !entry)
      throw new RuleError(
        `${at}.license_rule_field`,
        `${f.table_name}.${f.field_name} cannot be used in rules`,
      );
    const format = f.format as RuleFormat;
    if (!entry.formats.includes(format))
      throw new RuleError(`${at}.license_rule_field`, `format ${f.format} does not apply to ${f.field_name}`);
    if (!(ruleOperators as readonly string[]).includes(v.operator))
      throw new RuleError(`${at}.operator`, `must be one of: ${ruleOperators.join(', ')}`);
    const condition = clauseCondition(entry.column, format, v.operator as RuleOperator, v.value, today, at);
    if (f.table_name === ownTable[entity]) return condition;
    const link = table.link?.[entity];
    if (!link)
      throw new RuleError(`${at}.license_rule_field`, `${f.table_name} is not linked to a ${entity}`);
    return sql`exists (select 1 from ${table.table} where ${link} = ${subject.id} and ${condition})`;
  });
}
