import type { triggerConfigurationTriggerInput } from '@licensure/contracts';
import { type Db, triggerConfigurations, triggerConfigurationTriggers, triggers } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';

type LinkInput = z.infer<typeof triggerConfigurationTriggerInput>;

/**
 * triggerconfigurationtriggers/save: the spec skips a save without an id (answers null). The editor gives
 * a new configuration trigger its id (a UUID it makes), so a save with an unknown id adds it and one with
 * a known id replaces its actions. Answers the saved row's id.
 */
export async function saveLink(db: Db, request: FastifyRequest, input: LinkInput): Promise<string | null> {
  const enterpriseId = request.enterpriseId;
  const id = input.id;
  if (!id) return null;
  return db.transaction(async (tx) => {
    const [config] = await tx
      .select({ id: triggerConfigurations.id })
      .from(triggerConfigurations)
      .where(
        and(
          eq(triggerConfigurations.id, input.trigger_configuration_id),
          eq(triggerConfigurations.enterprise_id, enterpriseId),
          isNull(triggerConfigurations.deleted_at),
        ),
      );
    if (!config) throw badRequest({ trigger_configuration_id: 'The trigger configuration was not found.' });
    const named = [
      input.trigger_id,
      ...input.actions.flatMap((a) => (a.next_trigger_id ? [a.next_trigger_id] : [])),
    ];
    const known = await tx
      .select({ id: triggers.id })
      .from(triggers)
      .where(and(eq(triggers.enterprise_id, enterpriseId), inArray(triggers.id, named)));
    const knownIds = new Set(known.map((k) => k.id));
    if (!knownIds.has(input.trigger_id)) throw badRequest({ trigger_id: 'The trigger was not found.' });
    input.actions.forEach((a, i) => {
      if (a.next_trigger_id && !knownIds.has(a.next_trigger_id))
        throw badRequest({ [`actions.${i}.next_trigger_id`]: 'The next trigger was not found.' });
    });
    const values = {
      trigger_configuration_id: input.trigger_configuration_id,
      trigger_id: input.trigger_id,
      sort_order: input.sort_order,
      actions: input.actions,
    };
    const [before] = await tx
      .select()
      .from(triggerConfigurationTriggers)
      .where(eq(triggerConfigurationTriggers.id, id))
      .for('update');
    if (before && before.enterprise_id !== enterpriseId) throw notFound('trigger configuration trigger');
    if (!before) {
      const [row] = await tx
        .insert(triggerConfigurationTriggers)
        .values({ ...values, id, enterprise_id: enterpriseId })
        .returning();
      await recordChange(tx, actorOf(request), {
        entity: 'trigger_configuration_triggers',
        objectId: row!.id,
        action: 'create',
        after: row,
      });
      return row!.id;
    }
    const [after] = await tx
      .update(triggerConfigurationTriggers)
      .set({ ...values, removed: false, removed_at: null, updated_at: new Date() })
      .where(eq(triggerConfigurationTriggers.id, before.id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'trigger_configuration_triggers',
      objectId: before.id,
      action: 'update',
      before,
      after,
    });
    return before.id;
  });
}

/**
 * triggerconfigurationtriggers/remove: clears the actions (and with them the status targets) and keeps the
 * row flagged as removed, so its logs still name it.
 */
export async function removeLink(db: Db, request: FastifyRequest, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(triggerConfigurationTriggers)
      .where(
        and(
          eq(triggerConfigurationTriggers.id, id),
          eq(triggerConfigurationTriggers.enterprise_id, request.enterpriseId),
        ),
      )
      .for('update');
    if (!before) throw notFound('trigger configuration trigger');
    const [after] = await tx
      .update(triggerConfigurationTriggers)
      .set({ actions: [], removed: true, removed_at: new Date(), updated_at: new Date() })
      .where(eq(triggerConfigurationTriggers.id, id))
      .returning();
    await recordChange(tx, actorOf(request), {
      entity: 'trigger_configuration_triggers',
      objectId: id,
      action: 'delete',
      before,
      after,
    });
  });
}
