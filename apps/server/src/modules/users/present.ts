import type { Person, PersonSummary } from '@licensure/contracts';
import { accessLog, type Db, users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { decryptSsn, formatSsn, maskSsn } from '../../platform/crypto/ssn';
import { forbidden, notFound } from '../../platform/http/errors';

export type UserRow = typeof users.$inferSelect;

/** The columns of a search's result list: personSummary's, with ssn_last4 for the mask. */
export const personSummaryColumns = {
  id: users.id,
  user_name: users.user_name,
  email: users.email,
  first_name: users.first_name,
  middle_name: users.middle_name,
  last_name: users.last_name,
  suffix: users.suffix,
  birth_date: users.birth_date,
  account_identifier: users.account_identifier,
  national_ems_id: users.national_ems_id,
  phone: users.phone,
  ssn_last4: users.ssn_last4,
  city: users.city,
  state: users.state,
  is_staff: users.is_staff,
  user_status_id: users.user_status_id,
};
type SummaryRow = { [K in keyof typeof personSummaryColumns]: UserRow[K] };

/** A person in a search's result list. */
export const presentPersonSummary = (u: SummaryRow): PersonSummary => ({
  id: u.id,
  user_name: u.user_name,
  email: u.email,
  first_name: u.first_name,
  middle_name: u.middle_name,
  last_name: u.last_name,
  suffix: u.suffix,
  birth_date: u.birth_date,
  account_identifier: u.account_identifier,
  national_ems_id: u.national_ems_id,
  phone: u.phone,
  ssn: maskSsn(u.ssn_last4),
  city: u.city,
  state: u.state,
  is_staff: u.is_staff,
  user_status_id: u.user_status_id,
});

/** A person's row as presentPerson takes it. */
export type PersonRow = Omit<UserRow, 'ssn_encrypted' | 'password_changed_at' | 'failed_login_count'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A person as the API shows it: never the password hash or the SSN ciphertext; ssn masked by default. */
export function presentPerson(
  u: PersonRow,
  options: { fullSsn?: string | null; templateIds?: string[] } = {},
): Person {
  return {
    ...presentPersonSummary(u),
    enterprise_id: u.enterprise_id,
    ssn: options.fullSsn ?? maskSsn(u.ssn_last4),
    street: u.street,
    street2: u.street2,
    postal_code: u.postal_code,
    county_fips: u.county_fips,
    gender_id: u.gender_id,
    race_id: u.race_id,
    education_id: u.education_id,
    employment_status_id: u.employment_status_id,
    hair_id: u.hair_id,
    eye_id: u.eye_id,
    has_password: u.password_hash !== null,
    locked_until: iso(u.locked_until),
    last_login_at: iso(u.last_login_at),
    deleted_at: iso(u.deleted_at),
    ...(options.templateIds ? { security_template_ids: options.templateIds } : {}),
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

export const presentPublic = (u: UserRow) => ({
  id: u.id,
  first_name: u.first_name,
  middle_name: u.middle_name,
  last_name: u.last_name,
  suffix: u.suffix,
  city: u.city,
  state: u.state,
});

interface Reader {
  enterpriseId: string;
  auth: { userId: string; isPortal: boolean; permissions: ReadonlySet<string> } | null;
}

/**
 * A person of the caller's enterprise that the caller may read; portal users only themselves.
 * Soft-deleted people are not found unless asked for.
 */
export async function loadReadablePerson(
  db: Db,
  request: Reader,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<UserRow> {
  if (request.auth?.isPortal && request.auth.userId !== id) throw notFound('person');
  // Everyone may read their own record; others' records need users.read.
  if (request.auth && request.auth.userId !== id && !request.auth.permissions.has('users.read'))
    throw forbidden();
  const [u] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.enterprise_id, request.enterpriseId),
        options.includeDeleted ? undefined : isNull(users.deleted_at),
      ),
    );
  if (!u) throw notFound('person');
  return u;
}

/**
 * The full SSN for a users.ssn holder, recording the read in the access log (as Logger/LogAccess does);
 * undefined for anyone else (they see the mask).
 */
export async function readFullSsn(
  db: Db,
  request: Reader,
  u: UserRow,
  key: string | undefined,
): Promise<string | undefined> {
  if (!u.ssn_encrypted || !request.auth?.permissions.has('users.ssn')) return undefined;
  const full = formatSsn(decryptSsn(key, u.ssn_encrypted));
  await db.insert(accessLog).values({
    enterprise_id: request.enterpriseId,
    viewer_id: request.auth.userId,
    user_id: u.id,
    field: 'ssn',
  });
  return full;
}

export function requirePermission(request: Reader, key: string): void {
  if (!request.auth?.permissions.has(key)) throw forbidden();
}
