import { type Db, serviceUserLongevities, serviceUserLongevityCredits, users } from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';

/**
 * `ServiceUserLongevities/ManualRedemption {user_id}`: staff redeem a person's approved longevity
 * records not yet redeemed; each becomes a longevity credit of its years and amount and is marked
 * redeemed, in one transaction with the change log. Nothing to redeem answers zero.
 */
export async function manualRedemption(db: Db, request: FastifyRequest, userId: string) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.enterprise_id, request.enterpriseId)));
    if (!person) throw notFound('person');
    const open = await tx
      .select()
      .from(serviceUserLongevities)
      .where(
        and(
          eq(serviceUserLongevities.enterprise_id, request.enterpriseId),
          eq(serviceUserLongevities.user_id, userId),
          eq(serviceUserLongevities.approve, true),
          isNull(serviceUserLongevities.redeemed_at),
          isNull(serviceUserLongevities.deleted_at),
        ),
      )
      .orderBy(asc(serviceUserLongevities.created_at))
      .for('update');
    const now = new Date();
    const credits: string[] = [];
    let total = 0;
    for (const l of open) {
      const [after] = await tx
        .update(serviceUserLongevities)
        .set({ redeemed_at: now, redeemed_by: request.auth?.userId ?? null, updated_at: now })
        .where(eq(serviceUserLongevities.id, l.id))
        .returning();
      await recordChange(tx, actorOf(request), {
        entity: 'service_user_longevities',
        objectId: l.id,
        action: 'update',
        before: l,
        after,
      });
      const [credit] = await tx
        .insert(serviceUserLongevityCredits)
        .values({
          enterprise_id: request.enterpriseId,
          service_id: l.service_id,
          user_id: l.user_id,
          service_user_longevity_id: l.id,
          years: l.years,
          credit_cents: l.amount_cents,
          effective_date: now.toISOString().slice(0, 10),
          note: 'Redeemed by hand',
        })
        .returning();
      await recordChange(tx, actorOf(request), {
        entity: 'service_user_longevity_credits',
        objectId: credit!.id,
        action: 'create',
        after: credit,
      });
      credits.push(credit!.id);
      total += l.amount_cents;
    }
    return { redeemed: open.length, credit_cents: total, credits };
  });
}
