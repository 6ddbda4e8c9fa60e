import { users } from '@licensure/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { queueMail } from '../../platform/mail/mail-queue';
import { policyContext, requirePolicy, selfOrPermission } from '../../platform/permissions/policies';

const tags = ['users'];
const email = z.email({ message: 'email must be a valid email address' }).max(254);

/** A person changes their own email address; staff with users.write anyone's (403 otherwise). */
const ownEmail = selfOrPermission('users.write');

export async function emailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/users/lookupUsername', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'Mail the user names of an email address to it (the answer never tells whether any exist)',
      body: z.object({ email }),
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (request) => {
      const address = request.body.email.trim();
      const rows = await db
        .select({ user_name: users.user_name })
        .from(users)
        .where(
          and(
            eq(users.enterprise_id, request.enterpriseId),
            isNull(users.deleted_at),
            isNotNull(users.user_name),
            sql`lower(${users.email}) = ${address.toLowerCase()}`,
          ),
        );
      if (rows.length > 0)
        await queueMail(app.deps, {
          enterpriseId: request.enterpriseId,
          to: address,
          subject: 'Your user name',
          text: [
            'You asked for the user name(s) of this email address:',
            rows.map((u) => `  ${u.user_name}`).join('\n'),
            'If it was not you, you can ignore this message.',
          ].join('\n\n'),
        });
      return { message: 'If any account uses this email address, its user name has been sent to it.' };
    },
  });

  r.post('/api/users/saveemail', {
    config: { access: ownEmail },
    schema: {
      tags,
      summary: "Change a person's email address (your own, or anyone's with users.write)",
      body: z.object({ user_id: z.uuid({ message: 'user_id must be a valid id' }), email }),
      response: { 200: z.object({ id: z.uuid(), email: z.string() }) },
    },
    handler: async (request) => {
      await requirePolicy(ownEmail, policyContext(request), request.body.user_id);
      const changed = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: users.id, email: users.email, user_name: users.user_name })
          .from(users)
          .where(
            and(
              eq(users.id, request.body.user_id),
              eq(users.enterprise_id, request.enterpriseId),
              isNull(users.deleted_at),
            ),
          )
          .for('update');
        if (!before) throw notFound('person');
        await tx
          .update(users)
          .set({ email: request.body.email, updated_at: new Date() })
          .where(eq(users.id, before.id));
        await recordChange(tx, actorOf(request), {
          entity: 'users',
          objectId: before.id,
          action: 'update',
          before: { email: before.email },
          after: { email: request.body.email },
        });
        return { id: before.id, email: request.body.email, old: before.email, user_name: before.user_name };
      });
      // The old address hears of the change: someone who took over a session cannot quietly redirect
      // the account's reset links to themselves.
      if (changed.old && changed.old.toLowerCase() !== changed.email.toLowerCase())
        await queueMail(app.deps, {
          enterpriseId: request.enterpriseId,
          to: changed.old,
          subject: 'Your email address was changed',
          text: [
            `The email address of the account ${changed.user_name ?? ''} was changed to ${changed.email}.`,
            'If you did not ask for this, contact the licensing office: password resets now go to the new address.',
          ].join('\n\n'),
        });
      return { id: changed.id, email: changed.email };
    },
  });
}
