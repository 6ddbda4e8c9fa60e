import { type DomainEventName, Events } from '@licensure/contracts';
import { domainEvents } from '@licensure/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from './rows';

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
  const expiring: DomainEventName = Events.certificationExpiring;
  const result = await db.execute(sql`
    with inserted as (
    insert into ${domainEvents} (enterprise_id, name, entity, object_id, payload)
    select c.enterprise_id, ${expiring}, 'certifications', c.id::text,
      jsonb_build_object('expirationDate', c.expiration_date, 'days', ${EXPIRING_DAYS}::int)
    from certifications c
    where c.deleted_at is null and c.status = 'active'
      and c.expiration_date = current_date + ${EXPIRING_DAYS}::int
      and not exists (
        select 1 from ${domainEvents} e
        where e.entity = 'certifications' and e.object_id = c.id::text and e.name = ${expiring}
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
