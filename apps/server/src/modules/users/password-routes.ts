import {
  forgotPasswordInput,
  passwordCheckInput,
  passwordHistoryEntry,
  passwordRequirements,
  resetPasswordInput,
  resetTokenStatus,
} from '@licensure/contracts';
import { passwordHistory, passwordResetTokens, sessions, users } from '@licensure/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { hashPassword } from '../../platform/auth/passwords';
import { clearAccount } from '../../platform/auth/sign-in-throttle';
import { badRequest, notFound } from '../../platform/http/errors';
import { policyContext, requirePolicy, selfOrPermission } from '../../platform/permissions/policies';
import { mailPasswordLink, sha256 } from './accounts/mail-links';
import { passwordPolicy, passwordProblem, wasUsedRecently } from './passwords/policy';

const tags = ['users'];
const resetRateLimit = { max: 10, timeWindow: '1 minute' };

/** A person checks their own passwords; staff with users.write anyone's (403 otherwise). */
const ownPasswords = selfOrPermission('users.write');

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/users/getpasswordrequirements', {
    config: { access: 'public' },
    schema: { tags, summary: 'The rules a new password must meet', response: { 200: passwordRequirements } },
    handler: async () => passwordPolicy,
  });

  async function personOf(enterpriseId: string, id: string) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.enterprise_id, enterpriseId)));
    if (!u) throw notFound('person');
    return u;
  }

  r.get('/api/users/userpasswordhistory', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: "When a person's password was changed (dates only)",
      querystring: z.object({ user_id: z.uuid({ message: 'user_id must be a valid id' }) }),
      response: { 200: z.array(passwordHistoryEntry) },
    },
    handler: async (request) => {
      if (request.auth!.isPortal && request.auth!.userId !== request.query.user_id) throw notFound('person');
      await personOf(request.enterpriseId, request.query.user_id);
      const rows = await db
        .select({ changed_at: passwordHistory.created_at })
        .from(passwordHistory)
        .where(eq(passwordHistory.user_id, request.query.user_id))
        .orderBy(desc(passwordHistory.created_at));
      return rows.map((row) => ({ changed_at: row.changed_at.toISOString() }));
    },
  });

  r.post('/api/users/userpasswordhistory/check', {
    config: { access: ownPasswords },
    schema: {
      tags,
      summary: 'Whether a password is one of the last 5 of a person (yourself, or anyone with users.write)',
      body: passwordCheckInput,
      response: { 200: z.object({ used_recently: z.boolean() }) },
    },
    handler: async (request) => {
      await requirePolicy(ownPasswords, policyContext(request), request.body.user_id);
      await personOf(request.enterpriseId, request.body.user_id);
      return { used_recently: await wasUsedRecently(db, request.body.user_id, request.body.password) };
    },
  });

  r.post('/api/users/forgotpassword', {
    config: { access: 'public', rateLimit: resetRateLimit },
    schema: {
      tags,
      summary:
        'Mail a single-use password reset link (the answer is the same whether the user exists or not)',
      body: forgotPasswordInput,
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (request) => {
      const [u] = await db
        .select({ id: users.id, email: users.email, user_name: users.user_name })
        .from(users)
        .where(
          and(
            eq(users.enterprise_id, request.enterpriseId),
            isNull(users.deleted_at),
            sql`lower(${users.user_name}) = ${request.body.user_name.toLowerCase()}`,
          ),
        );
      if (u?.email) await mailPasswordLink(app, request, { ...u, email: u.email }, 'reset');
      return {
        message:
          'If the account exists and has an email address, a link to reset the password has been sent to it.',
      };
    },
  });

  async function findToken(token: string) {
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.id, sha256(token)),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, sql`now()`),
        ),
      );
    return row;
  }

  r.get('/api/users/getresettoken', {
    config: { access: 'public', rateLimit: resetRateLimit },
    schema: {
      tags,
      summary: 'Whether a password reset token is valid, and until when',
      querystring: z.object({ token: z.string().min(1, 'token is required').max(200) }),
      response: { 200: resetTokenStatus },
    },
    handler: async (request) => {
      const row = await findToken(request.query.token);
      return row
        ? { valid: true, expires_at: row.expires_at.toISOString() }
        : { valid: false, expires_at: null };
    },
  });

  r.post('/api/users/resetpassword', {
    config: { access: 'public', rateLimit: resetRateLimit },
    schema: {
      tags,
      summary: "Set a new password with a reset token; ends the person's sessions",
      body: resetPasswordInput,
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (request) => {
      const invalid = () =>
        badRequest({ token: 'The reset link is invalid or has expired. Ask for a new one.' });
      const row = await findToken(request.body.token);
      if (!row) throw invalid();
      const [u] = await db
        .select({ id: users.id, user_name: users.user_name, enterprise_id: users.enterprise_id })
        .from(users)
        .where(eq(users.id, row.user_id));
      if (!u) throw invalid();
      const problem = await passwordProblem(db, request.body.password, u);
      if (problem) throw badRequest({ password: problem });
      const hash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        // Consumed first, and only if still unused: a token cannot be spent twice, even concurrently.
        const used = await tx
          .update(passwordResetTokens)
          .set({ used_at: new Date() })
          .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.used_at)))
          .returning({ id: passwordResetTokens.id });
        if (used.length === 0) throw invalid();
        await tx
          .update(users)
          .set({
            password_hash: hash,
            password_changed_at: new Date(),
            failed_login_count: 0,
            locked_until: null,
            updated_at: new Date(),
          })
          .where(eq(users.id, u.id));
        await tx.insert(passwordHistory).values({ user_id: u.id, password_hash: hash });
        await tx.delete(sessions).where(eq(sessions.user_id, u.id));
        await recordChange(tx, actorOf(request), {
          entity: 'users',
          objectId: u.id,
          action: 'update',
          after: { password_changed: true, by: 'reset token' },
        });
      });
      await app.deps.sessions.invalidate('*');
      if (u.user_name) await clearAccount(db, u.enterprise_id, u.user_name);
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },
  });
}
