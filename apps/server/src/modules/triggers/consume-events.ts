import { Events, eventCatalogue, resourceEvent } from '@licensure/contracts';
import { dataChangeLog, type Tx, triggers } from '@licensure/db';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../../platform/events/event-bus';
import { fireTrigger } from './fire';

/** Names of manual and link triggers a process status change carries (review-routes' history payload). */
function namedTriggers(event: DomainEvent): string[] {
  if (event.name !== Events.licenseRequestProcessChanged) return [];
  return [event.payload.manual_trigger, event.payload.link_trigger].filter(
    (t): t is string => typeof t === 'string' && t.trim().length > 0,
  );
}

/**
 * Events the engine derives: a credential saved by staff (the resource engine's `certifications.updated`)
 * whose status changed is `certification.statusChanged`, read from the change log row of that write.
 */
async function derivedTriggers(tx: Tx, event: DomainEvent): Promise<string[]> {
  if (event.name !== resourceEvent('certifications', 'updated')) return [];
  const [change] = await tx
    .select({ before: dataChangeLog.before, after: dataChangeLog.after })
    .from(dataChangeLog)
    .where(and(eq(dataChangeLog.entity, 'certifications'), eq(dataChangeLog.object_id, event.objectId)))
    .orderBy(desc(dataChangeLog.seq))
    .limit(1);
  const before = (change?.before ?? {}) as Record<string, unknown>;
  const after = (change?.after ?? {}) as Record<string, unknown>;
  const changed =
    before.certification_status_id !== after.certification_status_id || before.status !== after.status;
  return change && changed ? [Events.certificationStatusChanged] : [];
}

/**
 * Why an event cannot drive automation: a name outside the catalogue, or a payload its schema refuses.
 * Null when it is sound.
 */
export function unsoundEvent(event: Pick<DomainEvent, 'name' | 'payload'>): string | null {
  const definition = eventCatalogue.get(event.name);
  if (!definition) return `The event ${event.name} is not in the catalogue of events.`;
  const parsed = definition.payload.safeParse(event.payload);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
  return `The ${event.name} event's payload is not valid (${issues}).`;
}

/**
 * The trigger engine's consumer of domain events: an event fires the enterprise's trigger of the same
 * code, and a process change also fires the manual and link triggers it names (by code or name). Events
 * that trigger actions themselves caused carry `viaTrigger` and fire nothing: chains are explicit
 * (an action's next trigger), planned and stopped when they loop. An event whose payload its catalogue
 * schema refuses still fires its triggers' firings, each logged as failed with the cause and alerted:
 * never dropped silently, never run on data it does not understand.
 */
export function consumeEvents(app: FastifyInstance): void {
  const { events, jobs } = app.deps;
  events.on('*', async (event, { tx, log }) => {
    if (event.payload.viaTrigger) return;
    const named = [...namedTriggers(event), ...(await derivedTriggers(tx, event))];
    const byName = named.flatMap((n) => [eq(triggers.code, n), sql`lower(${triggers.name}) = lower(${n})`]);
    const found = await tx
      .select()
      .from(triggers)
      .where(
        and(
          eq(triggers.enterprise_id, event.enterpriseId),
          eq(triggers.active, true),
          or(and(eq(triggers.code, event.name), eq(triggers.kind, 'event')), ...byName),
        ),
      );
    const refusal = found.length ? unsoundEvent(event) : null;
    if (refusal) log.error({ part: 'triggers', eventId: event.id, refusal }, 'event refused by the triggers');
    for (const trigger of found)
      await fireTrigger(tx, jobs, {
        ...(refusal ? { refusal } : {}),
        enterpriseId: event.enterpriseId,
        trigger,
        entity: event.entity,
        objectId: event.objectId,
        eventId: event.id,
        firedBy: event.actorId,
      });
  });
}
