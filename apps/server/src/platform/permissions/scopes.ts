import type { PermissionKey } from '@licensure/contracts';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/context';
import { administersSql, type UserParam } from './roster';
import { type Subject, speaksForSql } from './speaks-for';

/**
 * The rows of a resource a caller may reach, beyond the enterprise: a named condition over the
 * caller's user id. The name keys prepared list statements, so one name means one SQL shape; the
 * user id is a parameter (a placeholder in prepared lists, a literal elsewhere).
 */
export interface RowScope {
  name: string;
  where: (user: UserParam) => SQL;
}

/** A resource's scope rule: null when the caller reaches every row of the enterprise. */
export type ScopeRule = (auth: AuthContext | null) => RowScope | null;

/** Who holds one of these permissions sees every row. */
export const holdsAny = (auth: AuthContext | null, keys: readonly PermissionKey[]) =>
  !!auth && keys.some((k) => auth.permissions.has(k));

/** Rows of the caller themself (a `user_id` column). */
export const ownRows =
  (column: SQLWrapper, seesAll: readonly PermissionKey[]): ScopeRule =>
  (auth) =>
    holdsAny(auth, seesAll) ? null : { name: 'own', where: (user) => eq(column as never, user) };

/** Rows of services the caller administers (a `service_id` column). */
export const administeredRows =
  (column: SQLWrapper, seesAll: readonly PermissionKey[]): ScopeRule =>
  (auth) =>
    holdsAny(auth, seesAll) ? null : { name: 'administered', where: (user) => administersSql(column, user) };

/** Rows held by the caller, by a service they administer, or by its vehicles. */
export const heldRows =
  (columns: { [K in keyof Subject]: SQLWrapper }, seesAll: readonly PermissionKey[]): ScopeRule =>
  (auth) =>
    holdsAny(auth, seesAll) ? null : { name: 'held', where: (user) => speaksForSql(columns, user) };
