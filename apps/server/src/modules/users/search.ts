import type { UserLookup } from '@licensure/contracts';
import { certifications, users } from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../platform/resources/list-query';

/** A lower-cased prefix pattern: `lower(col) like 'smi%'` can use a text_pattern_ops index. */
export const likePrefix = (s: string) => `${escapeLike(s.trim().toLowerCase())}%`;
/** A contains pattern: `lower(col) like '%mit%'` can use a trigram index. */
export const likeContains = (s: string) => `%${escapeLike(s.trim().toLowerCase())}%`;
const upperPrefix = (s: string) => `${escapeLike(s.trim().toUpperCase())}%`;

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
}

const p = (name: string) => sql.placeholder(name);

/**
 * The conditions of a user lookup, each written so an index of platform.ts can serve it: names by
 * prefix in C collation (users_name_order_idx, which also gives the result order; users_first_name_cover_idx
 * and users_email_cover_idx, index-only with the names to sort by) or contains (trigram), registry
 * and account numbers by upper() prefix, email by lower() prefix. The SSN is handled by the caller.
 */
export function lookupConditions(q: UserLookup): LookupConditions {
  const all: LookupTerm[] = [];
  const anyOf: LookupTerm[] = [];
  const params: Record<string, unknown> = {};
  const add = (key: string, value: unknown, condition: SQL) => {
    all.push({ key, sql: condition });
    params[key] = value;
  };
  if (q.last_name)
    add(
      'last_name',
      likePrefix(q.last_name),
      sql`lower(${users.last_name}) collate "C" like ${p('last_name')}`,
    );
  if (q.first_name)
    add(
      'first_name',
      likePrefix(q.first_name),
      sql`lower(${users.first_name}) collate "C" like ${p('first_name')}`,
    );
  if (q.birth_date) add('birth_date', q.birth_date, sql`${users.birth_date} = ${p('birth_date')}`);
  if (q.account_identifier)
    add(
      'account_identifier',
      upperPrefix(q.account_identifier),
      sql`upper(${users.account_identifier}) like ${p('account_identifier')}`,
    );
  if (q.national_ems_id)
    add(
      'national_ems_id',
      upperPrefix(q.national_ems_id),
      sql`upper(${users.national_ems_id}) like ${p('national_ems_id')}`,
    );
  if (q.email) add('email', likePrefix(q.email), sql`lower(${users.email}) like ${p('email')}`);
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
  if (q.state) add('state', q.state.toUpperCase(), sql`upper(${users.state}) = ${p('state')}`);
  if (q.postal_code)
    add('postal_code', `${escapeLike(q.postal_code)}%`, sql`${users.postal_code} like ${p('postal_code')}`);
  if (q.license_number)
    add(
      'license_number',
      upperPrefix(q.license_number),
      sql`exists (select 1 from ${certifications} where ${certifications.user_id} = ${users.id}
      and upper(${certifications.number}) like ${p('license_number')})`,
    );
  if (q.search) {
    // Free text: a last or first name prefix, "last, first", an email, national EMS id or account prefix.
    // Prefixes only: a contained piece of the name cannot use an index in the result order.
    const [last, first] = q.search.split(',').map((s) => s.trim());
    if (first !== undefined && last) {
      params.search_last = likePrefix(last);
      params.search_first = likePrefix(first);
      all.push({
        key: 'search_last_first',
        sql: sql`lower(${users.last_name}) collate "C" like ${p('search_last')} and lower(${users.first_name}) collate "C" like ${p('search_first')}`,
      });
    } else {
      params.search_lower = likePrefix(q.search);
      params.search_upper = upperPrefix(q.search);
      anyOf.push(
        { key: 'search_last', sql: sql`lower(${users.last_name}) collate "C" like ${p('search_lower')}` },
        { key: 'search_first', sql: sql`lower(${users.first_name}) collate "C" like ${p('search_lower')}` },
        { key: 'search_email', sql: sql`lower(${users.email}) like ${p('search_lower')}` },
        { key: 'search_nems', sql: sql`upper(${users.national_ems_id}) like ${p('search_upper')}` },
        { key: 'search_account', sql: sql`upper(${users.account_identifier}) like ${p('search_upper')}` },
      );
    }
  }
  return { all, anyOf, params };
}
