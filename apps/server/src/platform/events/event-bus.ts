import { type Database, domainEvents, type Tx } from '@licensure/db';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue';
import { eventDispatchLag } from '../ops/metrics/counters';
import { runForRequest } from '../ops/request-context';

export interface DomainEvent {
  id: string;
  seq: number;
  enterpriseId: string;
  name: string;
  entity: string;
  objectId: string;
  actorId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  /** Failed dispatches so far (0 on the first delivery). */
  attempts: number;
}

/**
 * Handles one event inside the dispatch transaction: what it writes through `tx` commits together with
 * the event's dispatched mark. Delivery is at least once (an attempt that throws is rolled back and
 * retried later), so a consumer with effects outside the database must be idempotent; to do slow work,
 * enqueue a job with `jobs.send(queue, data, { tx })`.
 */
export type EventConsumer = (
  event: DomainEvent,
  context: { tx: Tx; log: FastifyBaseLogger },
) => Promise<void>;

export interface EventBus {
  /** Consumes events of this name, or every event with '*'. Returns a function that removes it. */
  on(name: string, consumer: EventConsumer): () => void;
  /** Dispatches waiting events in this process now, in recording order; returns how many. */
  dispatchPending(limit?: number): Promise<number>;
}

export const DISPATCH_QUEUE = 'domain-events-dispatch';

export interface EventBusOptions {
  /** How often each process looks for undispatched events (default 1 s). */
  pollMs?: number;
  /** Failed deliveries after which an event is left aside (default 10). */
  maxAttempts?: number;
}

type EventRow = typeof domainEvents.$inferSelect;
const toEvent = (r: EventRow): DomainEvent => ({
  id: r.id,
  seq: r.seq,
  enterpriseId: r.enterprise_id,
  name: r.name,
  entity: r.entity,
  objectId: r.object_id,
  actorId: r.actor_id,
  payload: r.payload,
  createdAt: r.created_at,
  attempts: r.attempts,
});

/**
 * The outbox dispatcher. Each process polls cheaply for waiting events and then enqueues one dispatch
 * job on a stately queue (at most one queued and one running in the whole cluster); the job hands the
 * events to consumers one by one, each row locked FOR UPDATE SKIP LOCKED so that even two dispatchers
 * never deliver the same event at once.
 */
export function createEventBus(
  database: Database,
  jobs: JobQueue,
  log: FastifyBaseLogger,
  options: EventBusOptions = {},
): EventBus {
  const { db } = database;
  const maxAttempts = options.maxAttempts ?? 10;
  const consumers = new Map<string, Set<EventConsumer>>();
  const dispatchable = and(
    isNull(domainEvents.dispatched_at),
    lt(domainEvents.attempts, maxAttempts),
    or(isNull(domainEvents.retry_after), lte(domainEvents.retry_after, sql`now()`)),
  );

  async function dispatchOne(): Promise<boolean> {
    let picked: DomainEvent | undefined;
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(domainEvents)
          .where(dispatchable)
          .orderBy(asc(domainEvents.seq))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return;
        const event = toEvent(row);
        picked = event;
        const handlers = [...(consumers.get(row.name) ?? []), ...(consumers.get('*') ?? [])];
        const eventLog = log.child({ eventId: row.id, event: row.name });
        // Consumers run as the request that recorded the event: their jobs and log lines carry its id.
        await runForRequest(row.request_id, async () => {
          for (const consume of handlers) await consume(event, { tx, log: eventLog });
          if (row.request_id) eventLog.info({ consumers: handlers.length }, 'event dispatched');
        });
        eventDispatchLag.observe((Date.now() - row.created_at.getTime()) / 1000);
        await tx.update(domainEvents).set({ dispatched_at: new Date() }).where(eq(domainEvents.id, row.id));
      });
    } catch (err) {
      if (!picked) throw err;
      const attempts = picked.attempts + 1;
      const delaySeconds = Math.min(2 ** attempts, 3600);
      log.error({ err, eventId: picked.id, event: picked.name, attempts }, 'domain event consumer failed');
      await db
        .update(domainEvents)
        .set({
          attempts,
          last_error: err instanceof Error ? err.message.slice(0, 2000) : String(err),
          retry_after: sql`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where(eq(domainEvents.id, picked.id));
    }
    return picked !== undefined;
  }

  async function dispatchPending(limit = 500): Promise<number> {
    let n = 0;
    while (n < limit && (await dispatchOne())) n++;
    return n;
  }

  async function hasPending(): Promise<boolean> {
    const rows = await db.select({ id: domainEvents.id }).from(domainEvents).where(dispatchable).limit(1);
    return rows.length > 0;
  }

  const declared = async () => {
    // Heartbeats: a dispatch job whose end could not be recorded (PostgreSQL restarting just then) stays
    // active; without them it would hold the stately queue's one active place until it expired (10
    // minutes), and no event would be dispatched meanwhile. With them it is failed once its heartbeats
    // stop (10 s, then pg-boss's next supervision) and the next poll's job runs.
    await jobs.createQueue(DISPATCH_QUEUE, {
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 600,
      heartbeatSeconds: 10,
    });
    await jobs.work(DISPATCH_QUEUE, async () => {
      // Work left over (a large backlog) is picked up by the next poll.
      await dispatchPending();
    });
  };
  declared().catch((err: unknown) => log.error({ err }, 'domain event dispatcher not declared'));

  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      // A stately queue refuses a second waiting job, so processes poking at once enqueue one.
      if (await hasPending()) await jobs.send(DISPATCH_QUEUE, {});
    } catch (err) {
      log.warn({ err }, 'domain event poll failed');
    } finally {
      polling = false;
    }
  };
  jobs.onStart(() => {
    timer = setInterval(() => void poll(), options.pollMs ?? 1000);
    timer.unref();
  });
  jobs.onStop(() => {
    if (timer) clearInterval(timer);
  });

  return {
    on(name, consumer) {
      let set = consumers.get(name);
      if (!set) {
        set = new Set();
        consumers.set(name, set);
      }
      set.add(consumer);
      return () => set.delete(consumer);
    },
    dispatchPending,
  };
}
