import { listQuery, listResponse, securityTemplate, securityTemplateInput } from '@licensure/contracts';
import { security_template_permissions, securityTemplates } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { fromDatabaseError } from '../../platform/http/errors';
import {
  idParams,
  labelConflict,
  loadTemplate,
  pageOf,
  permissionsOf,
  presentTemplate,
  tags,
} from './security-admin';

export async function securityTemplateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const access = { access: 'security.admin' } as const;

  r.get('/api/securitytemplates', {
    config: access,
    schema: {
      tags,
      summary: 'Security templates',
      querystring: listQuery,
      response: { 200: listResponse(securityTemplate) },
    },
    handler: async (request) => {
      const { rows, total } = await pageOf(db, securityTemplates, request, request.query);
      const items = await Promise.all(
        rows.map(async (t) => presentTemplate(t, await permissionsOf(db, t.id))),
      );
      return { items, total, currentPage: request.query.currentPage, numPerPage: request.query.numPerPage };
    },
  });

  r.get('/api/securitytemplates/:id', {
    config: access,
    schema: {
      tags,
      summary: 'One security template with its permissions',
      params: idParams,
      response: { 200: securityTemplate },
    },
    handler: async (request) => {
      const t = await loadTemplate(db, request, request.params.id);
      return presentTemplate(t, await permissionsOf(db, t.id));
    },
  });

  /** Creates or replaces a template and its permission rows in one transaction. */
  async function saveTemplate(
    request: FastifyRequest,
    id: string | null,
    input: z.infer<typeof securityTemplateInput>,
  ) {
    const { permissions, ...fields } = input.security_template;
    const keys = [...new Set(permissions)].sort();
    try {
      const saved = await db.transaction(async (tx) => {
        const before = id ? await loadTemplate(tx, request, id) : undefined;
        const beforePermissions = id ? await permissionsOf(tx, id) : [];
        const [t] = before
          ? await tx
              .update(securityTemplates)
              .set({ ...fields, updated_at: new Date() })
              .where(eq(securityTemplates.id, before.id))
              .returning()
          : await tx
              .insert(securityTemplates)
              .values({ ...fields, enterprise_id: request.enterpriseId })
              .returning();
        await tx
          .delete(security_template_permissions)
          .where(eq(security_template_permissions.security_template_id, t!.id));
        if (keys.length > 0)
          await tx.insert(security_template_permissions).values(
            keys.map((k) => ({
              enterprise_id: request.enterpriseId,
              security_template_id: t!.id,
              permission_key: k,
            })),
          );
        const after = presentTemplate(t!, keys);
        await recordChange(tx, actorOf(request), {
          entity: 'security_templates',
          objectId: t!.id,
          action: before ? 'update' : 'create',
          before: before ? presentTemplate(before, beforePermissions) : undefined,
          after,
        });
        return after;
      });
      // Permission changes take effect at once: every cached session is reloaded.
      await app.deps.sessions.invalidate('*');
      return saved;
    } catch (err) {
      throw fromDatabaseError(err, labelConflict);
    }
  }

  r.post('/api/securitytemplates', {
    config: access,
    schema: {
      tags,
      summary: 'Create a security template (a set of permission keys)',
      body: securityTemplateInput,
      response: { 201: securityTemplate },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await saveTemplate(request, null, request.body)),
  });

  r.put('/api/securitytemplates/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Change a security template and replace its permissions',
      params: idParams,
      body: securityTemplateInput,
      response: { 200: securityTemplate },
    },
    handler: async (request) => saveTemplate(request, request.params.id, request.body),
  });

  r.delete('/api/securitytemplates/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Delete a security template (people holding it lose its permissions)',
      params: idParams,
    },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const t = await loadTemplate(tx, request, request.params.id);
        const permissions = await permissionsOf(tx, t.id);
        await tx
          .delete(security_template_permissions)
          .where(eq(security_template_permissions.security_template_id, t.id));
        await tx.delete(securityTemplates).where(eq(securityTemplates.id, t.id));
        await recordChange(tx, actorOf(request), {
          entity: 'security_templates',
          objectId: t.id,
          action: 'delete',
          before: presentTemplate(t, permissions),
        });
      });
      await app.deps.sessions.invalidate('*');
      return reply.status(204).send();
    },
  });
}
