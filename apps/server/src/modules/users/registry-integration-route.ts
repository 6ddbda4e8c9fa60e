import { nationalRegistryIntegrationInput } from '@licensure/contracts';
import { nationalRegistryIntegrationData, users } from '@licensure/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';

/**
 * National Registry (NREMT) data about a person, as received: the payload is kept, linked to the person
 * named by user_id or found by national_ems_id; given both, the person's national_ems_id is set.
 */
export async function registryIntegrationRoute(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.post('/api/NationalRegistryIntegrationData', {
    config: { access: 'users.write', refs: { 'national_registry_integration_data.user_id': 'users' } },
    schema: {
      tags: ['registry'],
      summary: 'Store National Registry data of a person and link it to the person',
      body: nationalRegistryIntegrationInput,
      response: {
        201: z.object({ id: z.uuid(), user_id: z.uuid().nullable(), national_ems_id: z.string().nullable() }),
      },
    },
    handler: async (request, reply) => {
      const d = request.body.national_registry_integration_data;
      const saved = await db.transaction(async (tx) => {
        const scope = and(eq(users.enterprise_id, request.enterpriseId), isNull(users.deleted_at));
        let userId: string | null = null;
        if (d.user_id) {
          const [u] = await tx
            .select({ id: users.id, national_ems_id: users.national_ems_id })
            .from(users)
            .where(and(scope, eq(users.id, d.user_id)))
            .for('update');
          if (!u) throw notFound('person');
          userId = u.id;
          if (d.national_ems_id && d.national_ems_id !== u.national_ems_id) {
            await tx
              .update(users)
              .set({ national_ems_id: d.national_ems_id, updated_at: new Date() })
              .where(eq(users.id, u.id));
            await recordChange(tx, actorOf(request), {
              entity: 'users',
              objectId: u.id,
              action: 'update',
              before: { national_ems_id: u.national_ems_id },
              after: { national_ems_id: d.national_ems_id },
            });
          }
        } else if (d.national_ems_id) {
          const found = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(scope, sql`upper(${users.national_ems_id}) = ${d.national_ems_id.toUpperCase()}`))
            .limit(2);
          // Linked only when the number names exactly one person.
          if (found.length === 1) userId = found[0]!.id;
        }
        const [row] = await tx
          .insert(nationalRegistryIntegrationData)
          .values({
            enterprise_id: request.enterpriseId,
            user_id: userId,
            national_ems_id: d.national_ems_id ?? null,
            payload: d.payload,
          })
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'national_registry_integration_data',
          objectId: row!.id,
          action: 'create',
          after: { user_id: userId, national_ems_id: row!.national_ems_id },
        });
        return { id: row!.id, user_id: userId, national_ems_id: row!.national_ems_id };
      });
      return reply.status(201).send(saved);
    },
  });
}
