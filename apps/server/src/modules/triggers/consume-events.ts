import { dataChangeLog, domainEvents, type Tx, triggers } from '@licensure/db';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../../platform/events/event-bus';
import { fireTrigger } from './fire';
import { rowsOf } from './rows';

/** Names of manual and link triggers a process status change carries (review-routes' history payload). */
function namedTriggers(event: DomainEvent): string[] {
  if (event.name !== 'licenseRequest.processChanged') return [];
  return [event.payload.manual_trigger, event.payload.link_trigger].filter(
    (t): t is string => typeof t === 'string' && t.trim().length > 0,
  );
}

/**
 * Events the engine derives: a credential saved by staff (the resource engine's `certifications.updated`)
 * whose status changed is `certification.statusChanged`, read from the change log row of that write.
 */
async function derivedTriggers(tx: Tx, event: DomainEvent): Promise<string[]> {
  if (event.name !== 'certifications.updated') return [];
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
  return change && changed ? ['certification.statusChanged'] : [];
}

/**
 * The trigger engine's consumer of domain events: an event fires the enterprise's trigger of the same
 * code, and a process change also fires the manual and link triggers it names (by code or name). Events
 * that trigger actions themselves caused carry `viaTrigger` and fire nothing: chains are explicit
 * (an action's next trigger), planned and stopped when they loop.
 */
export function consumeEvents(app: FastifyInstance): void {
  const { events, jobs } = app.deps;
  events.on('*', async (event, { tx }) => {
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
    for (const trigger of found)
      await fireTrigger(tx, jobs, {
        enterpriseId: event.enterpriseId,
        trigger,
        entity: event.entity,
        objectId: event.objectId,
        eventId: event.id,
        firedBy: event.actorId,
      });
  });
}

/** Days before expiry at which `certification.expiring` is recorded. */
export const EXPIRING_DAYS = 60;
export const EXPIRING_QUEUE = 'certification-expiring-events';

/**
 * Records `certification.expiring` for each live credential that expires in EXPIRING_DAYS days, once a
 * day (a cron job on the queue, one run in the cluster); set-based, and never twice for one credential
 * and expiry date.
 */
export async function recordExpiringEvents(app: FastifyInstance): Promise<number> {
  const { db } = app.deps.database;
  const result = await db.execute(sql`
    with inserted as (
    insert into ${domainEvents} (enterprise_id, name, entity, object_id, payload)
    select c.enterprise_id, 'certification.expiring', 'certifications', c.id::text,
      jsonb_build_object('expirationDate', c.expiration_date, 'days', ${EXPIRING_DAYS}::int)
    from certifications c
    where c.deleted_at is null and c.status = 'active'
      and c.expiration_date = current_date + ${EXPIRING_DAYS}::int
      and not exists (
        select 1 from ${domainEvents} e
        where e.entity = 'certifications' and e.object_id = c.id::text and e.name = 'certification.expiring'
          and e.payload->>'expirationDate' = c.expiration_date::text)
    returning 1)
    select count(*)::int as n from inserted`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export async function registerExpiringEvents(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  await jobs.createQueue(EXPIRING_QUEUE, { policy: 'singleton', retryLimit: 2 });
  await jobs.work(EXPIRING_QUEUE, async () => {
    const n = await recordExpiringEvents(app);
    app.log.info({ part: 'triggers', recorded: n }, 'certification.expiring events recorded');
  });
  jobs.onStart(() => jobs.schedule(EXPIRING_QUEUE, '15 0 * * *', {}));
}
