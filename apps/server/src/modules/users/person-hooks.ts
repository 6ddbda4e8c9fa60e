import { EMPTY_ENTERPRISE_ID, type UserFields } from '@licensure/contracts';
import {
  passwordHistory,
  securityTemplates,
  type Tx,
  userSecurityTemplates,
  type users,
} from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../../platform/auth/passwords';
import { encryptSsn, ssnDigits } from '../../platform/crypto/ssn';
import { AppError, badRequest, forbidden } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { checkDemographicSections } from './demographics';
import { passwordProblem } from './passwords/policy';
import { presentPerson, type UserRow } from './present';

/** The hooks of the people resource: SSN, password, security fields and a person's own edits. */

export async function templateIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userSecurityTemplates.security_template_id })
    .from(userSecurityTemplates)
    .where(eq(userSecurityTemplates.user_id, userId));
  return rows.map((r) => r.id).sort();
}

/** Rows with their security template ids, in one query for all of them. */
export async function withTemplateIds(tx: Tx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const links = await tx
    .select({ user_id: userSecurityTemplates.user_id, id: userSecurityTemplates.security_template_id })
    .from(userSecurityTemplates)
    .where(inArray(userSecurityTemplates.user_id, ids));
  return rows.map((r) => ({
    ...r,
    security_template_ids: links
      .filter((l) => l.user_id === r.id)
      .map((l) => l.id)
      .sort(),
  }));
}

const hasPermission = (request: FastifyRequest, key: string) =>
  request.auth?.permissions.has(key as never) ?? false;

/** A create names no other enterprise than the caller's (the legacy `enterpriseID` beside `user`). */
export function checkEnterprise(_input: Row, request: FastifyRequest): void {
  if (request.method !== 'POST') return;
  const enterpriseID = (request.body as { enterpriseID?: unknown } | undefined)?.enterpriseID;
  if (
    typeof enterpriseID === 'string' &&
    enterpriseID !== EMPTY_ENTERPRISE_ID &&
    enterpriseID !== request.enterpriseId
  )
    throw forbidden();
}

function checkSecurityFields(request: FastifyRequest, f: UserFields, existing?: UserRow) {
  const admin = hasPermission(request, 'security.admin');
  if (f.security_template_ids !== undefined && !admin) throw forbidden();
  if (f.is_staff !== undefined && f.is_staff !== (existing?.is_staff ?? false) && !admin) throw forbidden();
}

/** What people may change on their own record without users.write. */
const selfEditable = new Set([
  'email',
  'phone',
  'street',
  'street2',
  'city',
  'state',
  'postal_code',
  'county_fips',
  'updated_at',
]);

/**
 * Without users.write a person may change only their own contact details. The form sends the whole
 * record back, so other fields may come along unchanged; a changed one is refused.
 */
async function ownContactChanges(tx: Tx, request: FastifyRequest, f: UserFields, existing: UserRow) {
  if (request.auth?.userId !== existing.id) throw forbidden();
  const current = presentPerson(existing, { templateIds: await templateIdsOf(tx, existing.id) }) as Record<
    string,
    unknown
  >;
  const given = f as Record<string, unknown>;
  const changed = Object.keys(given).filter(
    (k) =>
      given[k] !== undefined &&
      !selfEditable.has(k) &&
      JSON.stringify(given[k]) !== JSON.stringify(current[k] ?? null),
  );
  if (changed.length > 0)
    throw new AppError('forbidden', `You may change only your contact details, not: ${changed.join(', ')}.`);
  return Object.fromEntries(Object.entries(given).filter(([k]) => selfEditable.has(k))) as UserFields;
}

/** Without users.write, own contact details only; security fields only for security.admin holders. */
export async function authorizePerson(input: Row, ctx: HookContext): Promise<Row> {
  const existing = ctx.before as UserRow | undefined;
  let f = input as UserFields;
  if (existing && !hasPermission(ctx.request, 'users.write'))
    f = await ownContactChanges(ctx.tx, ctx.request, f, existing);
  checkSecurityFields(ctx.request, f, existing);
  return f;
}

/** The column values of a save: the SSN encrypted, the password checked against the requirements and hashed. */
export async function validatePerson(input: Row, ctx: HookContext): Promise<Row> {
  const existing = ctx.before as UserRow | undefined;
  const f = input as UserFields;
  const { password, ssn, security_template_ids: _t, updated_at: _u, ...plain } = f;
  const values: Partial<typeof users.$inferInsert> = { ...plain };
  await checkDemographicSections(ctx.tx, input);
  if (ssn !== undefined) {
    values.ssn_encrypted = ssn === null ? null : encryptSsn(ctx.request.server.deps.config.SSN_KEY, ssn);
    values.ssn_last4 = ssn === null ? null : ssnDigits(ssn).slice(-4);
  }
  if (password !== undefined) {
    const problem = await passwordProblem(ctx.tx, password, {
      id: existing?.id,
      user_name: f.user_name ?? existing?.user_name,
    });
    if (problem) throw badRequest({ password: problem });
    values.password_hash = await hashPassword(password);
    values.password_changed_at = new Date();
  }
  return values;
}

/** The new password joins the history; security templates named (by security.admin) replace the person's. */
export async function savePersonChildren(row: Row, ctx: HookContext & { input: Row }): Promise<void> {
  if (ctx.operation === 'delete') return;
  const userId = String(row.id);
  const f = ctx.input as UserFields;
  if (f.password !== undefined && row.password_hash)
    await ctx.tx
      .insert(passwordHistory)
      .values({ user_id: userId, password_hash: String(row.password_hash) });
  if (f.security_template_ids === undefined || !hasPermission(ctx.request, 'security.admin')) return;
  const unique = [...new Set(f.security_template_ids)];
  if (unique.length > 0) {
    const found = await ctx.tx
      .select({ id: securityTemplates.id })
      .from(securityTemplates)
      .where(
        and(eq(securityTemplates.enterprise_id, ctx.enterpriseId), inArray(securityTemplates.id, unique)),
      );
    if (found.length !== unique.length)
      throw badRequest({ security_template_ids: 'A security template was not found.' });
  }
  await ctx.tx.delete(userSecurityTemplates).where(eq(userSecurityTemplates.user_id, userId));
  if (unique.length > 0)
    await ctx.tx
      .insert(userSecurityTemplates)
      .values(unique.map((id) => ({ user_id: userId, security_template_id: id })));
}

/**
 * Cached sessions are reloaded when someone's permissions may have changed (templates, staff flag)
 * and when a person is deleted (they can no longer sign in).
 */
export async function reloadSessionsIfNeeded(
  _row: Row,
  { request, operation }: { request: FastifyRequest; operation: HookContext['operation'] },
): Promise<void> {
  const f = (request.body as { user?: UserFields } | undefined)?.user;
  if (operation === 'delete' || f?.security_template_ids !== undefined || f?.is_staff !== undefined)
    await request.server.deps.sessions.invalidate('*');
}
