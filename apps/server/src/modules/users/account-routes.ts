import { accountMailResult, accountMessages, accountStatus } from '@licensure/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, badRequest } from '../../platform/http/errors';
import { accountOf, accountStatusOf, unlockAccount } from './accounts/account-status';
import { mailPasswordLink } from './accounts/mail-links';

const tags = ['users'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** Staff on a person's page: can they sign in, unlock them, mail a reset link or a portal invitation. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/users/:id/accountStatus', {
    config: { access: 'users.read' },
    schema: {
      tags,
      summary: "Whether a person's account is locked by a status or waiting after failed sign-ins",
      params: idParams,
      response: { 200: accountStatus },
    },
    handler: async (request) => {
      const account = await accountOf(db, request.enterpriseId, request.params.id);
      return accountStatusOf(db, request.enterpriseId, account);
    },
  });

  r.post('/api/users/:id/unlock', {
    config: { access: 'users.write' },
    schema: {
      tags,
      summary: 'Let a person sign in again: clears the waits after failed sign-ins and a locking status',
      params: idParams,
      response: { 200: accountStatus },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const account = await accountOf(tx, request.enterpriseId, request.params.id);
        await unlockAccount(tx, actorOf(request), request.enterpriseId, account);
      });
      await app.deps.sessions.invalidate('*');
      return accountStatusOf(
        db,
        request.enterpriseId,
        await accountOf(db, request.enterpriseId, request.params.id),
      );
    },
  });

  /** The person to mail, with the fields a link needs; 400 naming the missing one. */
  async function mailable(request: FastifyRequest<{ Params: { id: string } }>) {
    const a = await accountOf(db, request.enterpriseId, request.params.id);
    if (!a.email) throw badRequest({ email: accountMessages.noEmail });
    if (!a.user_name) throw badRequest({ user_name: accountMessages.noUserName });
    return { id: a.id, email: a.email, user_name: a.user_name };
  }

  async function send(request: FastifyRequest<{ Params: { id: string } }>, kind: 'reset' | 'invite') {
    const person = await mailable(request);
    if (!(await mailPasswordLink(app, request, person, kind)))
      throw new AppError('conflict', accountMessages.noPublicOrigin);
    await db.transaction((tx) =>
      recordChange(tx, actorOf(request), {
        entity: 'users',
        objectId: person.id,
        action: 'update',
        after: { mailed: kind === 'reset' ? 'password reset link' : 'portal invitation', to: person.email },
      }),
    );
    return {
      message: kind === 'reset' ? accountMessages.resetLinkSent : accountMessages.inviteSent,
      sent_to: person.email,
    };
  }

  r.post('/api/users/:id/sendResetLink', {
    config: { access: 'users.write' },
    schema: {
      tags,
      summary: "Mail a person a link to choose a new password (valid an hour), to the person's own address",
      params: idParams,
      response: { 200: accountMailResult },
    },
    handler: async (request) => send(request, 'reset'),
  });

  r.post('/api/users/:id/invite', {
    config: { access: 'users.write' },
    schema: {
      tags,
      summary:
        'Invite a person to the portal: mails their user name and a link to choose a password (a week)',
      params: idParams,
      response: { 200: accountMailResult },
    },
    handler: async (request) => send(request, 'invite'),
  });
}
