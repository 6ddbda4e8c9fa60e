import { EMPTY_ENTERPRISE_ID, type UserFields } from '@licensure/contracts';
import {
  type Db,
  passwordHistory,
  securityTemplates,
  type Tx,
  userSecurityTemplates,
  users,
} from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { hashPassword } from '../../platform/auth/passwords';
import { encryptSsn, ssnDigits } from '../../platform/crypto/ssn';
import { AppError, badRequest, forbidden, fromDatabaseError, notFound } from '../../platform/http/errors';
import { passwordProblem } from './passwords/policy';
import { presentPerson, type UserRow } from './present';

const conflictField = (c: string) => (c === 'users_user_name_key' ? 'user_name' : undefined);

async function templateIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userSecurityTemplates.security_template_id })
    .from(userSecurityTemplates)
    .where(eq(userSecurityTemplates.user_id, userId));
  return rows.map((r) => r.id).sort();
}

async function replaceTemplates(tx: Tx, enterpriseId: string, userId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await tx
      .select({ id: securityTemplates.id })
      .from(securityTemplates)
      .where(and(eq(securityTemplates.enterprise_id, enterpriseId), inArray(securityTemplates.id, unique)));
    if (found.length !== unique.length)
      throw badRequest({ security_template_ids: 'A security template was not found.' });
  }
  await tx.delete(userSecurityTemplates).where(eq(userSecurityTemplates.user_id, userId));
  if (unique.length > 0)
    await tx
      .insert(userSecurityTemplates)
      .values(unique.map((id) => ({ user_id: userId, security_template_id: id })));
}

/** The column values of a save, with the SSN encrypted and the password hashed after its checks. */
async function columnsOf(db: Db, app: FastifyInstance, f: UserFields, existing?: UserRow) {
  const { password, ssn, security_template_ids: _t, updated_at: _u, ...plain } = f;
  const values: Partial<typeof users.$inferInsert> = { ...plain };
  if (ssn !== undefined) {
    values.ssn_encrypted = ssn === null ? null : encryptSsn(app.deps.config.SSN_KEY, ssn);
    values.ssn_last4 = ssn === null ? null : ssnDigits(ssn).slice(-4);
  }
  let newHash: string | undefined;
  if (password !== undefined) {
    const problem = await passwordProblem(db, password, {
      id: existing?.id,
      user_name: f.user_name ?? existing?.user_name,
    });
    if (problem) throw badRequest({ password: problem });
    newHash = await hashPassword(password);
    values.password_hash = newHash;
    values.password_changed_at = new Date();
  }
  return { values, newHash };
}

function checkSecurityFields(request: FastifyRequest, f: UserFields, existing?: UserRow) {
  const admin = request.auth?.permissions.has('security.admin') ?? false;
  if (f.security_template_ids !== undefined && !admin) throw forbidden();
  if (f.is_staff !== undefined && f.is_staff !== (existing?.is_staff ?? false) && !admin) throw forbidden();
}

export async function createPerson(
  app: FastifyInstance,
  request: FastifyRequest,
  f: UserFields,
  enterpriseID?: string,
) {
  const { db } = app.deps.database;
  if (enterpriseID && enterpriseID !== EMPTY_ENTERPRISE_ID && enterpriseID !== request.enterpriseId)
    throw forbidden();
  checkSecurityFields(request, f);
  const { values, newHash } = await columnsOf(db, app, f);
  const templates = f.security_template_ids ?? [];
  try {
    const created = await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ ...values, enterprise_id: request.enterpriseId })
        .returning();
      if (newHash) await tx.insert(passwordHistory).values({ user_id: u!.id, password_hash: newHash });
      if (templates.length > 0) await replaceTemplates(tx, request.enterpriseId, u!.id, templates);
      const after = presentPerson(u!, { templateIds: await templateIdsOf(tx, u!.id) });
      await recordChange(tx, actorOf(request), { entity: 'users', objectId: u!.id, action: 'create', after });
      return after;
    });
    if (templates.length > 0) await app.deps.sessions.invalidate('*');
    return created;
  } catch (err) {
    throw fromDatabaseError(err, conflictField);
  }
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
async function ownContactChanges(
  db: Db,
  request: FastifyRequest,
  id: string,
  f: UserFields,
  existing: typeof users.$inferSelect,
) {
  if (request.auth?.userId !== id) throw forbidden();
  const current = presentPerson(existing, { templateIds: await templateIdsOf(db, id) }) as Record<
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
  if (changed.length > 0) {
    throw new AppError('forbidden', `You may change only your contact details, not: ${changed.join(', ')}.`);
  }
  return Object.fromEntries(Object.entries(given).filter(([k]) => selfEditable.has(k))) as UserFields;
}

export async function updatePerson(app: FastifyInstance, request: FastifyRequest, id: string, f: UserFields) {
  const { db } = app.deps.database;
  if (request.auth?.isPortal && request.auth.userId !== id) throw notFound('person');
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.enterprise_id, request.enterpriseId), isNull(users.deleted_at)));
  if (!existing) throw notFound('person');
  if (!request.auth?.permissions.has('users.write'))
    f = await ownContactChanges(db, request, id, f, existing);
  checkSecurityFields(request, f, existing);
  const { values, newHash } = await columnsOf(db, app, f, existing);
  let templatesChanged = false;
  try {
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before || before.deleted_at) throw notFound('person');
      if (f.updated_at && new Date(f.updated_at).getTime() !== before.updated_at.getTime())
        throw new AppError('conflict', 'The person was changed by someone else. Reload and try again.');
      const beforeTemplates = await templateIdsOf(tx, id);
      const [u] = await tx
        .update(users)
        .set({ ...values, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (newHash) await tx.insert(passwordHistory).values({ user_id: id, password_hash: newHash });
      if (f.security_template_ids !== undefined) {
        await replaceTemplates(tx, request.enterpriseId, id, f.security_template_ids);
        const now = await templateIdsOf(tx, id);
        templatesChanged = now.join() !== beforeTemplates.join();
      }
      const after = presentPerson(u!, { templateIds: await templateIdsOf(tx, id) });
      await recordChange(tx, actorOf(request), {
        entity: 'users',
        objectId: id,
        action: 'update',
        before: presentPerson(before, { templateIds: beforeTemplates }),
        after,
      });
      return after;
    });
    if (templatesChanged || f.is_staff !== undefined) await app.deps.sessions.invalidate('*');
    return updated;
  } catch (err) {
    throw fromDatabaseError(err, conflictField);
  }
}

export async function deletePerson(app: FastifyInstance, request: FastifyRequest, id: string) {
  const { db } = app.deps.database;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.enterprise_id, request.enterpriseId), isNull(users.deleted_at)))
      .for('update');
    if (!before) throw notFound('person');
    const [after] = await tx
      .update(users)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'users',
      objectId: id,
      action: 'delete',
      before: presentPerson(before),
      after: presentPerson(after!),
    });
  });
  // A deleted person can no longer sign in: their cached sessions go at once.
  await app.deps.sessions.invalidate('*');
}

export { templateIdsOf };
