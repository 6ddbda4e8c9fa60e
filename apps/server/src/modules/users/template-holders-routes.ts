import { listQuery, listResponse } from '@licensure/contracts';
import { type Db, securityTemplates, type Tx, userSecurityTemplates, users } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { countAll } from '../../platform/resources/list-query';
import { idParams } from '../../platform/resources/register';

const tags = ['users'];

async function loadTemplate(tx: Db | Tx, request: FastifyRequest, id: string) {
  const [t] = await tx
    .select({ id: securityTemplates.id })
    .from(securityTemplates)
    .where(and(eq(securityTemplates.id, id), eq(securityTemplates.enterprise_id, request.enterpriseId)));
  if (!t) throw notFound('security template');
  return t;
}

const holder = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  user_name: z.string().nullable(),
  is_staff: z.boolean(),
});

/**
 * Who holds a security template: a paged list (a template such as the portal default may be held
 * by very many people), and adding or removing one holder. A change takes effect at once in every
 * server process, as a change of the template's permissions does.
 * Written here, not declared on the resource engine: a holder is a link row (person, template) with no
 * id nor enterprise of its own, reached under its template's path, and adding one twice is no error.
 */
export async function templateHolderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const access = { access: 'security.admin' } as const;
  const holderParams = idParams.extend({ user_id: z.uuid({ message: 'user_id must be a valid id' }) });

  r.get('/api/securitytemplates/:id/holders', {
    config: access,
    schema: {
      tags,
      summary: 'The people who hold a security template, by name',
      params: idParams,
      querystring: listQuery,
      response: { 200: listResponse(holder) },
    },
    handler: async (request) => {
      const t = await loadTemplate(db, request, request.params.id);
      const q = request.query;
      const where = and(eq(userSecurityTemplates.security_template_id, t.id), isNull(users.deleted_at));
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: users.id,
            first_name: users.first_name,
            last_name: users.last_name,
            email: users.email,
            user_name: users.user_name,
            is_staff: users.is_staff,
          })
          .from(userSecurityTemplates)
          .innerJoin(users, eq(users.id, userSecurityTemplates.user_id))
          .where(where)
          .orderBy(sql`${users.last_name} collate "C"`, sql`${users.first_name} collate "C"`, asc(users.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db
          .select({ n: countAll })
          .from(userSecurityTemplates)
          .innerJoin(users, eq(users.id, userSecurityTemplates.user_id))
          .where(where),
      ]);
      return { items, total: count?.n ?? 0, currentPage: q.currentPage, numPerPage: q.numPerPage };
    },
  });

  r.post('/api/securitytemplates/:id/holders', {
    config: { ...access, refs: { user_id: 'users' } },
    schema: {
      tags,
      summary: 'Give a person a security template',
      params: idParams,
      body: z.object({ user_id: z.uuid({ message: 'user_id must be a valid id' }) }),
      response: { 200: z.object({ added: z.boolean() }) },
    },
    handler: async (request) => {
      const added = await db.transaction(async (tx) => {
        const t = await loadTemplate(tx, request, request.params.id);
        const [person] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.id, request.body.user_id),
              eq(users.enterprise_id, request.enterpriseId),
              isNull(users.deleted_at),
            ),
          );
        if (!person) throw badRequest({ user_id: 'There is no such person.' });
        const rows = await tx
          .insert(userSecurityTemplates)
          .values({ user_id: person.id, security_template_id: t.id })
          .onConflictDoNothing()
          .returning();
        if (rows.length)
          await recordChange(tx, actorOf(request), {
            entity: 'user_security_templates',
            objectId: person.id,
            action: 'create',
            after: { security_template_id: t.id },
          });
        return rows.length > 0;
      });
      await app.deps.sessions.invalidate('*');
      return { added };
    },
  });

  r.delete('/api/securitytemplates/:id/holders/:user_id', {
    config: access,
    schema: {
      tags,
      summary: 'Take a security template away from a person',
      params: holderParams,
      response: { 200: z.object({ removed: z.boolean() }) },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const t = await loadTemplate(tx, request, request.params.id);
        const rows = await tx
          .delete(userSecurityTemplates)
          .where(
            and(
              eq(userSecurityTemplates.security_template_id, t.id),
              eq(userSecurityTemplates.user_id, request.params.user_id),
            ),
          )
          .returning();
        if (rows.length === 0) throw notFound('holder of this template');
        await recordChange(tx, actorOf(request), {
          entity: 'user_security_templates',
          objectId: request.params.user_id,
          action: 'delete',
          before: { security_template_id: t.id },
        });
      });
      await app.deps.sessions.invalidate('*');
      return { removed: true };
    },
  });
}
