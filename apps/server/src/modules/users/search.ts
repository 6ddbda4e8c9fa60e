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

/**
 * The conditions of a user lookup, each written so an index of platform.ts can serve it: names by
 * prefix in C collation (users_name_order_idx, which also gives the result order) or contains (trigram), registry
 * and account numbers by upper() prefix, email by lower() prefix. The SSN is handled by the caller.
 */
export function lookupConditions(q: UserLookup): SQL[] {
  const c: SQL[] = [];
  if (q.last_name) c.push(sql`lower(${users.last_name}) collate "C" like ${likePrefix(q.last_name)}`);
  if (q.first_name) c.push(sql`lower(${users.first_name}) like ${likePrefix(q.first_name)}`);
  if (q.birth_date) c.push(sql`${users.birth_date} = ${q.birth_date}`);
  if (q.account_identifier)
    c.push(sql`upper(${users.account_identifier}) like ${upperPrefix(q.account_identifier)}`);
  if (q.national_ems_id) c.push(sql`upper(${users.national_ems_id}) like ${upperPrefix(q.national_ems_id)}`);
  if (q.email) c.push(sql`lower(${users.email}) like ${likePrefix(q.email)}`);
  if (q.phone) {
    const digits = q.phone.replace(/\D/g, '');
    if (digits)
      c.push(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
  }
  if (q.street) c.push(sql`lower(${users.street}) like ${likeContains(q.street)}`);
  if (q.city) c.push(sql`lower(${users.city}) like ${likePrefix(q.city)}`);
  if (q.state) c.push(sql`upper(${users.state}) = ${q.state.toUpperCase()}`);
  if (q.postal_code) c.push(sql`${users.postal_code} like ${`${escapeLike(q.postal_code)}%`}`);
  if (q.license_number)
    c.push(sql`exists (select 1 from ${certifications} where ${certifications.user_id} = ${users.id}
      and upper(${certifications.number}) like ${upperPrefix(q.license_number)})`);
  if (q.search) {
    // Free text: a last or first name prefix, "last, first", an email, national EMS id or account prefix.
    // Prefixes only: a contained piece of the name cannot use an index in the result order.
    const [last, first] = q.search.split(',').map((s) => s.trim());
    if (first !== undefined && last)
      c.push(
        sql`lower(${users.last_name}) collate "C" like ${likePrefix(last)} and lower(${users.first_name}) like ${likePrefix(first)}`,
      );
    else
      c.push(sql`(lower(${users.last_name}) collate "C" like ${likePrefix(q.search)}
        or lower(${users.first_name}) like ${likePrefix(q.search)}
        or lower(${users.email}) like ${likePrefix(q.search)}
        or upper(${users.national_ems_id}) like ${upperPrefix(q.search)}
        or upper(${users.account_identifier}) like ${upperPrefix(q.search)})`);
  }
  return c;
}
