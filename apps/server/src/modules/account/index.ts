import { account, accountValidateInput } from '@licensure/contracts';
import { users } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyPassword } from '../../platform/auth/passwords';
import { notFound } from '../../platform/http/errors';
import { self } from '../../platform/permissions/policies';
import { accountCounts } from './counts';

const tags = ['account'];

export async function accountModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  const loadUser = async (id: string) => {
    const [u] = await db
      .select({
        id: users.id,
        enterprise_id: users.enterprise_id,
        user_name: users.user_name,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
        is_staff: users.is_staff,
      })
      .from(users)
      .where(eq(users.id, id));
    if (!u) throw notFound('account');
    return u;
  };

  r.get('/api/account', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'The signed-in account with its work counts',
      querystring: z.object({ params: z.string().max(200).optional() }),
      response: { 200: account },
    },
    handler: async (request) => {
      const auth = request.auth!;
      const [u, counts] = await Promise.all([loadUser(auth.userId), accountCounts(db, auth)]);
      return {
        ...u,
        user_name: u.user_name ?? '',
        isPortal: auth.isPortal,
        permissions: [...auth.permissions].sort(),
        counts_retrieved: true,
        ...counts,
      };
    },
  });

  r.get('/api/account/preview', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'A short view of the signed-in account, without counts',
      response: {
        200: account.pick({
          id: true,
          user_name: true,
          first_name: true,
          last_name: true,
          is_staff: true,
          isPortal: true,
        }),
      },
    },
    handler: async (request) => {
      const u = await loadUser(request.auth!.userId);
      return {
        id: u.id,
        user_name: u.user_name ?? '',
        first_name: u.first_name,
        last_name: u.last_name,
        is_staff: u.is_staff,
        isPortal: request.auth!.isPortal,
      };
    },
  });

  r.post('/api/account/validate', {
    config: { access: self(), rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: "Confirm the signed-in person's own credentials (before signing, for example)",
      body: accountValidateInput,
      response: { 200: z.object({ valid: z.boolean() }) },
    },
    handler: async (request) => {
      const auth = request.auth!;
      const [u] = await db
        .select({ hash: users.password_hash })
        .from(users)
        .where(
          and(eq(users.id, auth.userId), sql`lower(${users.user_name}) = lower(${request.body.user_name})`),
        );
      return { valid: !!u && (await verifyPassword(u.hash, request.body.password)) };
    },
  });
}
