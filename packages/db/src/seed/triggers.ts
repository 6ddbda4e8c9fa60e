import { triggerEvents } from '@licensure/contracts';
import type { Tx } from '../client';
import { triggers } from '../schema/triggers';

/**
 * The platform's events that trigger configurations can listen to: the events of the catalogue
 * (packages/contracts/src/events.ts) marked as triggers, so a trigger is never seeded for an event
 * nothing records (migrations 0016, 0029 and 0035 gave existing enterprises the same ones).
 */
export const eventTriggers = triggerEvents.map(({ code, name, entity }) => ({ code, name, entity }));

/** Gives an enterprise the event triggers. */
export async function seedTriggers(tx: Tx, enterpriseId: string): Promise<void> {
  await tx
    .insert(triggers)
    .values(eventTriggers.map((t) => ({ ...t, enterprise_id: enterpriseId, kind: 'event' as const })))
    .onConflictDoNothing();
}
