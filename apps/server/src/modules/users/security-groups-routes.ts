import { listQuery, listResponse, securityGroup, securityGroupInput } from '@licensure/contracts';
import { securityGroupMembers, securityGroups, users } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, fromDatabaseError } from '../../platform/http/errors';
import { idParams, labelConflict, loadGroup, membersOf, pageOf, presentGroup, tags } from './security-admin';

export async function securityGroupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const access = { access: 'security.admin' } as const;

  r.get('/api/securitygroups', {
    config: access,
    schema: {
      tags,
      summary: 'Security groups',
      querystring: listQuery,
      response: { 200: listResponse(securityGroup) },
    },
    handler: async (request) => {
      const { rows, total } = await pageOf(db, securityGroups, request, request.query);
      const items = await Promise.all(rows.map(async (g) => presentGroup(g, await membersOf(db, g.id))));
      return { items, total, currentPage: request.query.currentPage, numPerPage: request.query.numPerPage };
    },
  });

  r.get('/api/securitygroups/:id', {
    config: access,
    schema: {
      tags,
      summary: 'One security group with its members',
      params: idParams,
      response: { 200: securityGroup },
    },
    handler: async (request) => {
      const g = await loadGroup(db, request, request.params.id);
      return presentGroup(g, await membersOf(db, g.id));
    },
  });

  async function saveGroup(
    request: FastifyRequest,
    id: string | null,
    input: z.infer<typeof securityGroupInput>,
  ) {
    const { user_ids, ...fields } = input.security_group;
    const members = [...new Set(user_ids)].sort();
    try {
      return await db.transaction(async (tx) => {
        if (members.length > 0) {
          const found = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.enterprise_id, request.enterpriseId), inArray(users.id, members)));
          if (found.length !== members.length) throw badRequest({ user_ids: 'A member was not found.' });
        }
        const before = id ? await loadGroup(tx, request, id) : undefined;
        const beforeMembers = id ? await membersOf(tx, id) : [];
        const [g] = before
          ? await tx
              .update(securityGroups)
              .set({ ...fields, updated_at: new Date() })
              .where(eq(securityGroups.id, before.id))
              .returning()
          : await tx
              .insert(securityGroups)
              .values({ ...fields, enterprise_id: request.enterpriseId })
              .returning();
        await tx.delete(securityGroupMembers).where(eq(securityGroupMembers.security_group_id, g!.id));
        if (members.length > 0)
          await tx
            .insert(securityGroupMembers)
            .values(members.map((u) => ({ security_group_id: g!.id, user_id: u })));
        const after = presentGroup(g!, members);
        await recordChange(tx, actorOf(request), {
          entity: 'security_groups',
          objectId: g!.id,
          action: before ? 'update' : 'create',
          before: before ? presentGroup(before, beforeMembers) : undefined,
          after,
        });
        return after;
      });
    } catch (err) {
      throw fromDatabaseError(err, labelConflict);
    }
  }

  r.post('/api/securitygroups', {
    config: access,
    schema: {
      tags,
      summary: 'Create a security group',
      body: securityGroupInput,
      response: { 201: securityGroup },
    },
    handler: async (request, reply) => reply.status(201).send(await saveGroup(request, null, request.body)),
  });

  r.put('/api/securitygroups/:id', {
    config: access,
    schema: {
      tags,
      summary: 'Change a security group and replace its members',
      params: idParams,
      body: securityGroupInput,
      response: { 200: securityGroup },
    },
    handler: async (request) => saveGroup(request, request.params.id, request.body),
  });

  r.delete('/api/securitygroups/:id', {
    config: access,
    schema: { tags, summary: 'Delete a security group', params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const g = await loadGroup(tx, request, request.params.id);
        const members = await membersOf(tx, g.id);
        await tx.delete(securityGroups).where(eq(securityGroups.id, g.id));
        await recordChange(tx, actorOf(request), {
          entity: 'security_groups',
          objectId: g.id,
          action: 'delete',
          before: presentGroup(g, members),
        });
      });
      return reply.status(204).send();
    },
  });
}
