import type { PermissionKey } from '@licensure/contracts';
import type { Db, Tx } from '@licensure/db';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, RoutePolicy } from '../auth/context';
import { AppError, forbidden, notFound } from '../http/errors';
import { administeredServiceIds, administersSql, onRoster, onRosterSql, type UserParam } from './roster';
import { type Subject, speaksFor, speaksForSql } from './speaks-for';

/**
 * The answer to a refused record, one per kind of refusal (docs/security.md, "Refusals"):
 * 'forbidden' (403) where the caller may know the record exists (their own id in the path, a record
 * listed to them), 'not_found' (404) where they may not (another person's request, response or file:
 * a 403 would confirm it exists).
 */
export type Refusal = 'forbidden' | 'not_found';

/** What a policy's check runs with. */
export interface PolicyContext {
  db: Db | Tx;
  auth: AuthContext;
  enterpriseId: string;
}

/** The named object-level rules. Each route names one in `config.access` (or a permission, or 'public'). */
export type PolicyName =
  | 'enterpriseReference'
  | 'self'
  | 'selfOrPermission'
  | 'administersService'
  | 'staffOrAdministers'
  | 'speaksFor'
  | 'activeRosterEntry'
  | 'complaintParty'
  | 'examExaminer'
  | 'inspectionInspector';

/**
 * One object-level rule, declared once: the route's gate (signed in), the staff permission that reaches
 * every record (none for `self` and `administersService`), a SQL condition over the record's columns for
 * lists, counts and batches, and a check of one record. `C` is what the condition needs (columns), `S`
 * what the check needs (the record's ids).
 */
export interface Policy<C = unknown, S = unknown> extends RoutePolicy {
  readonly kind: 'policy';
  readonly name: PolicyName;
  /** The staff permission that reaches every record (the first of `permissions`), null when none does. */
  readonly permission: PermissionKey | null;
  /** Every permission that reaches every record (a reader's and a writer's, say). */
  readonly permissions: readonly PermissionKey[];
  readonly refusal: Refusal;
  /** The condition a caller's rows meet; null when the caller reaches every row (holds the permission). */
  where(auth: AuthContext, on: C): SQL | null;
  /** Whether the caller may act on this one record. */
  check(ctx: PolicyContext, subject: S): Promise<boolean>;
}

/** A route's access: a policy of any subject. */
export type AnyPolicy = Policy<never, never>;

export const isPolicy = (access: unknown): access is AnyPolicy =>
  typeof access === 'object' && access !== null && (access as { kind?: unknown }).kind === 'policy';

/** The policy's name with its permission, as the route map and the guards print it. */
export const policyLabel = (p: AnyPolicy) => (p.permission ? `${p.name}(${p.permission})` : p.name);

/** Staff reach every record with one of the policy's permissions. */
const holds = (auth: AuthContext, permissions: readonly PermissionKey[]) =>
  permissions.some((k) => auth.permissions.has(k));

/** A permission, or several any of which reaches every record. */
export type Permissions = PermissionKey | readonly PermissionKey[];

/** What a handler checks a record with: the request's database, caller and enterprise. */
export const policyContext = (request: FastifyRequest): PolicyContext => {
  if (!request.auth) throw new AppError('unauthenticated', 'Sign in first.');
  return { db: request.server.deps.database.db, auth: request.auth, enterpriseId: request.enterpriseId };
};

/** The refusal of a policy as the error the handler throws (`what` names the record of a 404). */
export const refusalOf = (p: Pick<AnyPolicy, 'refusal'>, what?: string) =>
  p.refusal === 'forbidden' ? forbidden() : notFound(what);

/** Checks one record and throws the policy's refusal when the caller may not act on it. */
export async function requirePolicy<C, S>(
  p: Policy<C, S>,
  ctx: PolicyContext,
  subject: S,
  what?: string,
): Promise<void> {
  if (!(await p.check(ctx, subject))) throw refusalOf(p, what);
}

function define<C, S>(
  name: PolicyName,
  given: Permissions | null,
  refusal: Refusal,
  where: (user: UserParam, on: C) => SQL,
  check: (ctx: PolicyContext, subject: S) => Promise<boolean> | boolean,
): Policy<C, S> {
  const permissions: readonly PermissionKey[] =
    given === null ? [] : typeof given === 'string' ? [given] : given;
  return {
    kind: 'policy',
    name,
    permission: permissions[0] ?? null,
    permissions,
    refusal,
    where: (auth, on) => (holds(auth, permissions) ? null : where(auth.userId, on)),
    check: async (ctx, subject) => holds(ctx.auth, permissions) || (await check(ctx, subject)),
  };
}

/**
 * Reference data of the caller's enterprise (levels, card types, merge fields, the licences one may apply
 * for), the same to every signed-in caller: it names nobody's record, so there is no owner to check.
 */
export const enterpriseReference = (): Policy<unknown, unknown> =>
  define(
    'enterpriseReference',
    null,
    'forbidden',
    () => sql`true`,
    () => true,
  );

/** The caller's own records only (their account, their alerts): nobody reaches another's. */
export const self = (refusal: Refusal = 'forbidden'): Policy<SQLWrapper, string | null> =>
  define(
    'self',
    null,
    refusal,
    (user, column) => eq(column as never, user),
    (ctx, userId) => userId === ctx.auth.userId,
  );

/** The person themself, or staff holding the permission. */
export const selfOrPermission = (
  permission: Permissions,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, string | null> =>
  define(
    'selfOrPermission',
    permission,
    refusal,
    (user, column) => eq(column as never, user),
    (ctx, userId) => userId === ctx.auth.userId,
  );

const administersCheck = async (ctx: PolicyContext, serviceId: string | null) =>
  serviceId !== null &&
  (await administeredServiceIds(ctx.db, ctx.enterpriseId, ctx.auth.userId)).includes(serviceId);

/** An administrator of the service (an active roster entry flagged administrator); no permission reaches it. */
export const administersService = (refusal: Refusal = 'forbidden'): Policy<SQLWrapper, string | null> =>
  define(
    'administersService',
    null,
    refusal,
    (user, column) => administersSql(column, user),
    administersCheck,
  );

/** Staff holding the permission, or an administrator of the record's service. */
export const staffOrAdministers = (
  permission: Permissions,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, string | null> =>
  define(
    'staffOrAdministers',
    permission,
    refusal,
    (user, column) => administersSql(column, user),
    administersCheck,
  );

type HolderColumns = { [K in keyof Subject]: SQLWrapper };

/**
 * Staff holding the permission, or whoever speaks for the record's holder: the person themself, an
 * administrator of the service, or of the service a vehicle belongs to (requests, credentials, payments).
 */
export const speaksForHolder = (
  permission: Permissions | null,
  refusal: Refusal = 'not_found',
): Policy<HolderColumns, Subject> =>
  define(
    'speaksFor',
    permission,
    refusal,
    (user, columns) => speaksForSql(columns, user),
    (ctx, subject) => speaksFor(ctx.db, ctx.auth, ctx.enterpriseId, subject),
  );

/**
 * Staff holding the permission, or a person with an active roster entry on the record's service (started
 * and not ended, the one definition in roster.ts): service personnel reading their service's records.
 */
export const activeRosterEntry = (
  permission: Permissions | null,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, string | null> =>
  define(
    'activeRosterEntry',
    permission,
    refusal,
    (user, column) => onRosterSql(column, user),
    async (ctx, serviceId) =>
      serviceId !== null && (await onRoster(ctx.db, ctx.enterpriseId, ctx.auth.userId, serviceId)),
  );

/** Staff holding the permission, or the person who filed the complaint. */
export const complaintParty = (
  permission: Permissions,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, { complainant_user_id: string | null }> =>
  define(
    'complaintParty',
    permission,
    refusal,
    (user, column) => eq(column as never, user),
    (ctx, c) => c.complainant_user_id === ctx.auth.userId,
  );

/** Staff holding the permission, or one of the exam session's examiners. */
export const examExaminer = (
  permission: Permissions,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, { examiner_ids: readonly string[] | null }> =>
  define(
    'examExaminer',
    permission,
    refusal,
    (user, column) => sql`(${user})::uuid = any(${column})`,
    (ctx, s) => (s.examiner_ids ?? []).includes(ctx.auth.userId),
  );

/** Staff holding the permission, or an inspector of the visit (or the inspection's own inspector). */
export const inspectionInspector = (
  permission: Permissions,
  refusal: Refusal = 'forbidden',
): Policy<SQLWrapper, { inspector_ids: readonly string[] | null; inspector_id?: string | null }> =>
  define(
    'inspectionInspector',
    permission,
    refusal,
    (user, column) => sql`(${user})::uuid = any(${column})`,
    (ctx, s) => s.inspector_id === ctx.auth.userId || (s.inspector_ids ?? []).includes(ctx.auth.userId),
  );
