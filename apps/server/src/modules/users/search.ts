import type { UserLookup } from '@licensure/contracts';
import { certifications, users } from '@licensure/db';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../platform/resources/list-query';
import { prefixRange } from '../../platform/resources/prefix-range';

/** A lower-cased prefix pattern: `lower(col) like 'smi%'` can use a text_pattern_ops index. */
export const likePrefix = (s: string) => `${escapeLike(s.trim().toLowerCase())}%`;
/** A contains pattern: `lower(col) like '%mit%'` can use a trigram index. */
export const likeContains = (s: string) => `%${escapeLike(s.trim().toLowerCase())}%`;

/**
 * How an indexed expression compares in byte order: `collate` for an expression indexed in C collation
 * (`lower(last_name) collate "C"`), `pattern` for one indexed with text_pattern_ops.
 */
type ByteOrder = 'collate' | 'pattern';

/**
 * "expression starts with the placeholder's prefix" as a range of two placeholders (`<name>_from`,
 * `<name>_to`), which an index serves in a plan made once for all values; the values go in `params`.
 * The key names the shape (a prefix with no upper bound, vanishingly rare, is a shape of its own).
 */
export function prefixCondition(
  name: string,
  expression: SQL,
  prefix: string,
  order: ByteOrder,
  params: Record<string, unknown>,
): { key: string; sql: SQL } {
  const { from, to } = prefixRange(prefix);
  params[`${name}_from`] = from;
  const [ge, lt] = order === 'collate' ? [sql`>=`, sql`<`] : [sql`~>=~`, sql`~<~`];
  const lower = sql`${expression} ${ge} ${p(`${name}_from`)}`;
  if (to === null) return { key: `${name}:open`, sql: lower };
  params[`${name}_to`] = to;
  return { key: name, sql: sql`(${lower} and ${expression} ${lt} ${p(`${name}_to`)})` };
}

/** An expression in the byte order of the name indexes. */
export const lowerC = (column: SQL.Aliased | AnyColumn) => sql`lower(${column}) collate "C"`;
const lowered = (s: string) => s.trim().toLowerCase();
const uppered = (s: string) => s.trim().toUpperCase();

const p = (name: string) => sql.placeholder(name);

/** Whether a lookup names anything to search by (the spec: no search text, no results). */
export function hasCriteria(q: UserLookup): boolean {
  const { numPerPage: _n, currentPage: _c, ...fields } = q;
  return Object.values(fields).some((v) => typeof v === 'string' && v.trim() !== '');
}

/** One condition of a lookup. Its values are placeholders, so a statement is built once per shape. */
export interface LookupTerm {
  /** Names the condition's SQL: the same key, the same text. */
  key: string;
  sql: SQL;
  /**
   * A free-text alternative whose index does not give the result order: its matches are read apart
   * and then sorted (else a plan made once may walk the whole name order looking for them).
   */
  fenced?: boolean;
  /**
   * A first-name prefix (`<name>_from` to `<name>_to`): read as the first page of each distinct first
   * name in the range, from users_first_name_order_idx, so a common prefix reads pages, not every match.
   */
  firstNames?: string;
}

export interface LookupConditions {
  /** Conditions that must all hold. */
  all: LookupTerm[];
  /**
   * Free text: at least one of these must hold. Each is served by its own index, so the caller runs them
   * apart (one in result order, another by a bitmap) instead of as one `or` the planner cannot split.
   */
  anyOf: LookupTerm[];
  /** The placeholders' values. */
  params: Record<string, unknown>;
  /**
   * Whether a plan made once serves every value: true when every condition is a range or an equality
   * on an index. `like` patterns (phone, street, city, postcode) and licence numbers (a short prefix
   * matches a million licences) need a plan made for the request's values.
   */
  planOnce: boolean;
}

/**
 * The conditions of a user lookup, each written so an index of platform.ts can serve it: names by
 * prefix in C collation (users_name_order_idx, which also gives the result order;
 * users_first_name_order_idx, in that order within each first name; users_email_cover_idx, index-only
 * with the names to sort by) or contains (trigram), registry and account numbers by upper() prefix,
 * email by lower() prefix. The SSN is handled by the caller.
 */
export function lookupConditions(q: UserLookup): LookupConditions {
  const all: LookupTerm[] = [];
  const anyOf: LookupTerm[] = [];
  const params: Record<string, unknown> = {};
  let planOnce = true;
  const add = (key: string, value: unknown, condition: SQL, generic = false) => {
    all.push({ key, sql: condition });
    params[key] = value;
    if (!generic) planOnce = false;
  };
  const starts = (name: string, expression: SQL, prefix: string, order: ByteOrder) =>
    prefixCondition(name, expression, prefix, order, params);
  if (q.last_name) all.push(starts('last_name', lowerC(users.last_name), lowered(q.last_name), 'collate'));
  if (q.first_name)
    all.push(starts('first_name', lowerC(users.first_name), lowered(q.first_name), 'collate'));
  if (q.birth_date) add('birth_date', q.birth_date, sql`${users.birth_date} = ${p('birth_date')}`, true);
  if (q.account_identifier)
    all.push(
      starts(
        'account_identifier',
        sql`upper(${users.account_identifier})`,
        uppered(q.account_identifier),
        'pattern',
      ),
    );
  if (q.national_ems_id)
    all.push(
      starts('national_ems_id', sql`upper(${users.national_ems_id})`, uppered(q.national_ems_id), 'pattern'),
    );
  if (q.email) all.push(starts('email', sql`lower(${users.email})`, lowered(q.email), 'pattern'));
  if (q.phone) {
    const digits = q.phone.replace(/\D/g, '');
    if (digits)
      add(
        'phone',
        `%${digits}%`,
        sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${p('phone')}`,
      );
  }
  if (q.street) add('street', likeContains(q.street), sql`lower(${users.street}) like ${p('street')}`);
  if (q.city) add('city', likePrefix(q.city), sql`lower(${users.city}) like ${p('city')}`);
  if (q.state) add('state', q.state.toUpperCase(), sql`upper(${users.state}) = ${p('state')}`, true);
  if (q.postal_code)
    add('postal_code', `${escapeLike(q.postal_code)}%`, sql`${users.postal_code} like ${p('postal_code')}`);
  if (q.license_number) {
    const number = starts(
      'license_number',
      sql`upper(${certifications.number})`,
      uppered(q.license_number),
      'pattern',
    );
    all.push({
      key: number.key,
      sql: sql`exists (select 1 from ${certifications} where ${certifications.user_id} = ${users.id} and ${number.sql})`,
    });
    planOnce = false;
  }
  if (q.search) {
    // Free text: a last or first name prefix, "last, first", an email, national EMS id or account prefix.
    // Prefixes only: a contained piece of the name cannot use an index in the result order.
    const [last, first] = q.search.split(',').map((s) => s.trim());
    if (first !== undefined && last) {
      const l = starts('search_last', lowerC(users.last_name), lowered(last), 'collate');
      const f = starts('search_first', lowerC(users.first_name), lowered(first), 'collate');
      all.push({ key: `${l.key}+${f.key}`, sql: sql`${l.sql} and ${f.sql}` });
    } else {
      // Names hold no digits and no @, identifiers always hold a digit: a text is looked for as an
      // email when it has an @, as identifiers (or an email) when it has a digit, else as names. Each
      // shape reads only the indexes that can match it.
      const text = q.search.trim();
      const lowerText = text.toLowerCase();
      const upperText = text.toUpperCase();
      const email = () => starts('search_lower', sql`lower(${users.email})`, lowerText, 'pattern');
      if (text.includes('@')) {
        const e = email();
        anyOf.push({ key: `search_email:${e.key}`, sql: e.sql, fenced: true });
      } else if (/\d/.test(text)) {
        const e = email();
        const nems = starts('search_upper', sql`upper(${users.national_ems_id})`, upperText, 'pattern');
        const account = starts('search_upper', sql`upper(${users.account_identifier})`, upperText, 'pattern');
        anyOf.push(
          { key: `search_email:${e.key}`, sql: e.sql, fenced: true },
          { key: `search_nems:${nems.key}`, sql: nems.sql, fenced: true },
          { key: 'search_account', sql: account.sql, fenced: true },
        );
      } else {
        const last = starts('search_lower', lowerC(users.last_name), lowerText, 'collate');
        const first = starts('search_lower', lowerC(users.first_name), lowerText, 'collate');
        anyOf.push(
          { key: `search_last:${last.key}`, sql: last.sql },
          // A prefix with no upper bound (vanishingly rare) has no range to walk: its matches are sorted.
          first.key === 'search_lower'
            ? { key: 'search_first', sql: first.sql, firstNames: 'search_lower' }
            : { key: 'search_first:open', sql: first.sql, fenced: true },
        );
      }
    }
  }
  return { all, anyOf, params, planOnce };
}
