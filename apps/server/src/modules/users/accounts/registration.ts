import {
  accountMessages,
  Events,
  type RegistrationCompleteInput,
  type RegistrationTokenStatus,
} from '@licensure/contracts';
import { enterprises, passwordHistory, registrationTokens, users } from '@licensure/db';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordChange } from '../../../platform/audit/record-change';
import { hashPassword } from '../../../platform/auth/passwords';
import { recordEvent } from '../../../platform/events/record-event';
import { AppError, badRequest, fromDatabaseError } from '../../../platform/http/errors';
import { queueMail } from '../../../platform/mail/mail-queue';
import { publicOrigin } from '../../../platform/tenancy/public-origin';
import { passwordProblem } from '../passwords/policy';
import { newToken, sha256 } from './mail-links';

const LINK_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Self-registration, step 1: mails the address a link to register (proving the visitor holds it). When
 * accounts already use the address, it mails their user names and the way back in instead, so nobody
 * creates a second account by forgetting the first. The answer never tells which happened.
 */
export async function startRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  address: string,
): Promise<void> {
  const { db } = app.deps.database;
  const email = address.trim();
  const origin = await publicOrigin(app, request);
  if (!origin) {
    request.log.error(
      { host: request.host },
      'no registration link sent: set PUBLIC_URL or the enterprise web address (the request host is not trusted)',
    );
    return;
  }
  const [enterprise] = await db
    .select({ name: enterprises.name, duplicate: enterprises.duplicate_prevention_text })
    .from(enterprises)
    .where(eq(enterprises.id, request.enterpriseId));
  const office = enterprise?.name ?? 'the licensing office';
  const existing = await db
    .select({ user_name: users.user_name })
    .from(users)
    .where(
      and(
        eq(users.enterprise_id, request.enterpriseId),
        isNull(users.deleted_at),
        isNotNull(users.user_name),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    );
  if (existing.length > 0) {
    await queueMail(app.deps, {
      enterpriseId: request.enterpriseId,
      to: email,
      subject: `You already have an account with ${office}`,
      text: [
        'Someone asked to register a new account with this email address, which already has one:',
        existing.map((u) => `  ${u.user_name}`).join('\n'),
        `Sign in at ${origin}/signin?portal=1 with that user name. If you forgot the password, choose "Forgot password" there.`,
        'If it was not you, you can ignore this message.',
      ].join('\n\n'),
    });
    return;
  }
  const { token, id } = newToken();
  await db.insert(registrationTokens).values({
    id,
    enterprise_id: request.enterpriseId,
    email,
    expires_at: new Date(Date.now() + LINK_LIFETIME_MS),
  });
  await queueMail(app.deps, {
    enterpriseId: request.enterpriseId,
    to: email,
    subject: `Register with ${office}`,
    text: [
      `To create your account in the portal of ${office}, open ${origin}/register?token=${token} within a day.`,
      ...(enterprise?.duplicate ? [enterprise.duplicate] : []),
      'If it was not you, you can ignore this message: no account is created without it.',
    ].join('\n\n'),
  });
}

async function findToken(app: FastifyInstance, enterpriseId: string, token: string) {
  const [row] = await app.deps.database.db
    .select()
    .from(registrationTokens)
    .where(
      and(
        eq(registrationTokens.id, sha256(token)),
        eq(registrationTokens.enterprise_id, enterpriseId),
        isNull(registrationTokens.used_at),
        gt(registrationTokens.expires_at, sql`now()`),
      ),
    );
  return row;
}

export async function registrationTokenStatus(
  app: FastifyInstance,
  enterpriseId: string,
  token: string,
): Promise<RegistrationTokenStatus> {
  const row = await findToken(app, enterpriseId, token);
  return row
    ? { valid: true, email: row.email, expires_at: row.expires_at.toISOString() }
    : { valid: false, email: null, expires_at: null };
}

const conflictField = (c: string) => (c === 'users_user_name_key' ? 'user_name' : undefined);

/**
 * Self-registration, step 2: the portal account, with the verified email of the link. The link is
 * spent in the same transaction, so it creates one account at most. Portal users get the enterprise's
 * portal template at sign-in (no template of their own), never staff rights.
 */
export async function completeRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  input: RegistrationCompleteInput,
): Promise<{ id: string; user_name: string }> {
  const { db } = app.deps.database;
  const invalid = () => badRequest({ token: accountMessages.registrationLinkInvalid });
  const link = await findToken(app, request.enterpriseId, input.token);
  if (!link) throw invalid();
  const problem = await passwordProblem(db, input.password, { user_name: input.user_name });
  if (problem) throw badRequest({ password: problem });
  const hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const spent = await tx
        .update(registrationTokens)
        .set({ used_at: new Date() })
        .where(and(eq(registrationTokens.id, link.id), isNull(registrationTokens.used_at)))
        .returning({ id: registrationTokens.id });
      if (spent.length === 0) throw invalid();
      const [u] = await tx
        .insert(users)
        .values({
          enterprise_id: request.enterpriseId,
          user_name: input.user_name,
          email: link.email,
          first_name: input.first_name,
          last_name: input.last_name,
          middle_name: input.middle_name ?? null,
          birth_date: input.birth_date ?? null,
          is_staff: false,
          password_hash: hash,
          password_changed_at: new Date(),
        })
        .returning({ id: users.id, user_name: users.user_name });
      const id = u!.id;
      await tx.insert(passwordHistory).values({ user_id: id, password_hash: hash });
      await recordChange(
        tx,
        { userId: id, enterpriseId: request.enterpriseId },
        {
          entity: 'users',
          objectId: id,
          action: 'create',
          after: {
            user_name: input.user_name,
            email: link.email,
            first_name: input.first_name,
            last_name: input.last_name,
            by: 'self-registration with a verified email',
          },
        },
      );
      await recordEvent(tx, {
        enterpriseId: request.enterpriseId,
        name: Events.userRegistered,
        entity: 'users',
        objectId: id,
        actorId: id,
      });
      return { id, user_name: input.user_name };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const mapped = fromDatabaseError(err, conflictField);
    if (mapped instanceof AppError && mapped.code === 'conflict')
      throw new AppError('conflict', accountMessages.userNameTaken, {
        user_name: accountMessages.userNameTaken,
      });
    throw mapped;
  }
}
