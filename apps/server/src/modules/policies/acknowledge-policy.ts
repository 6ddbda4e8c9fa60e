import { type PolicyAcknowledgement, policyMessages } from '@licensure/contracts';
import { type Db, policies, policyAcknowledgements, users } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';

/** A live policy of the caller's enterprise, or 404. */
export async function livePolicy(db: Db, enterpriseId: string, id: string) {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.id, id), eq(policies.enterprise_id, enterpriseId), isNull(policies.deleted_at)));
  if (!row) throw notFound('policy');
  return row;
}

/**
 * POST policies/{id}/acknowledge: the signed-in staff member says they have read a published policy.
 * Once per person: acknowledging again keeps the first date.
 */
export async function acknowledgePolicy(db: Db, request: FastifyRequest, id: string) {
  const userId = request.auth?.userId ?? '';
  const policy = await livePolicy(db, request.enterpriseId, id);
  if (!policy.published) throw badRequest({ id: policyMessages.notPublished });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(policyAcknowledgements)
      .values({ enterprise_id: request.enterpriseId, policy_id: id, user_id: userId })
      .onConflictDoNothing()
      .returning();
    if (row)
      await recordChange(tx, actorOf(request), {
        entity: 'policy_acknowledgements',
        objectId: row.id,
        action: 'create',
        after: row,
      });
    const [kept] = await tx
      .select({ acknowledged_at: policyAcknowledgements.acknowledged_at })
      .from(policyAcknowledgements)
      .where(and(eq(policyAcknowledgements.policy_id, id), eq(policyAcknowledgements.user_id, userId)));
    return { acknowledged_at: (kept?.acknowledged_at ?? new Date()).toISOString() };
  });
}

/** GET policies/{id}/acknowledgements: who has read the policy, first read first. */
export async function policyAcknowledgementsOf(
  db: Db,
  request: FastifyRequest,
  id: string,
): Promise<PolicyAcknowledgement[]> {
  await livePolicy(db, request.enterpriseId, id);
  const rows = await db
    .select({
      user_id: policyAcknowledgements.user_id,
      name: sql<string>`trim(concat_ws(' ', ${users.first_name}, ${users.last_name}))`,
      user_name: users.user_name,
      acknowledged_at: policyAcknowledgements.acknowledged_at,
    })
    .from(policyAcknowledgements)
    .innerJoin(users, eq(users.id, policyAcknowledgements.user_id))
    .where(
      and(
        eq(policyAcknowledgements.policy_id, id),
        eq(policyAcknowledgements.enterprise_id, request.enterpriseId),
      ),
    )
    .orderBy(asc(policyAcknowledgements.acknowledged_at), asc(users.last_name));
  return rows.map((r) => ({
    ...r,
    name: r.name || (r.user_name ?? ''),
    acknowledged_at: r.acknowledged_at.toISOString(),
  }));
}
