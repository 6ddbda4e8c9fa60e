import { domainEvents } from '@licensure/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { DISPATCH_QUEUE, type DomainEvent } from './event-bus';
import { recordOutboxEntry } from './record-event';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const record = (name: string, objectId = crypto.randomUUID()) =>
  t.database.db.transaction((tx) =>
    recordOutboxEntry(tx, {
      enterpriseId: t.enterpriseId,
      name,
      entity: 'test_things',
      objectId,
      actorId: t.admin.userId,
      payload: { objectId },
    }),
  );

describe('domain events', () => {
  it('records in the transaction: a rolled-back write leaves no event', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordOutboxEntry(tx, {
          enterpriseId: t.enterpriseId,
          name: 'test.gone',
          entity: 'x',
          objectId: 'a',
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.database.db.select().from(domainEvents).where(eq(domainEvents.name, 'test.gone'))).toEqual(
      [],
    );
  });

  it('hands events to consumers in recording order, once, and marks them dispatched', async () => {
    const { events } = t.app.deps;
    const named: string[] = [];
    const all: DomainEvent[] = [];
    const offNamed = events.on('test.a', async (e) => {
      named.push(e.name);
    });
    const offAll = events.on('*', async (e) => {
      all.push(e);
    });
    await record('test.a');
    await record('test.b');
    await record('test.a');
    expect(await events.dispatchPending()).toBe(3);
    expect(await events.dispatchPending()).toBe(0);
    offNamed();
    offAll();
    expect(named).toEqual(['test.a', 'test.a']);
    expect(all.map((e) => e.name)).toEqual(['test.a', 'test.b', 'test.a']);
    expect(all[0]).toMatchObject({
      enterpriseId: t.enterpriseId,
      entity: 'test_things',
      actorId: t.admin.userId,
    });
    expect(all[0]!.seq).toBeLessThan(all[1]!.seq);
    const rows = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entity, 'test_things'));
    expect(rows.every((r) => r.dispatched_at !== null)).toBe(true);
  });

  it('a failing consumer rolls its attempt back and the event is retried later', async () => {
    const { events } = t.app.deps;
    let calls = 0;
    const off = events.on('test.fails', async (_e, { tx }) => {
      calls++;
      await recordOutboxEntry(tx, {
        enterpriseId: t.enterpriseId,
        name: 'test.side',
        entity: 'x',
        objectId: 'side',
      });
      if (calls === 1) throw new Error('consumer down');
    });
    await record('test.fails');
    expect(await events.dispatchPending()).toBe(1);
    const [failed] = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.name, 'test.fails'));
    expect(failed).toMatchObject({ attempts: 1, last_error: 'consumer down', dispatched_at: null });
    // Its side effect was rolled back with the attempt.
    expect(await t.database.db.select().from(domainEvents).where(eq(domainEvents.name, 'test.side'))).toEqual(
      [],
    );
    await t.database.db
      .update(domainEvents)
      .set({ retry_after: null })
      .where(eq(domainEvents.id, failed!.id));
    expect(await events.dispatchPending()).toBeGreaterThanOrEqual(1);
    off();
    expect(calls).toBe(2);
    const [done] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, failed!.id));
    expect(done!.dispatched_at).not.toBeNull();
    await events.dispatchPending();
  });

  it('two dispatchers at once never deliver the same event twice', async () => {
    const { events } = t.app.deps;
    const seen: string[] = [];
    const off = events.on('test.race', async (e) => {
      seen.push(e.id);
      await new Promise((r) => setTimeout(r, 5));
    });
    for (let i = 0; i < 20; i++) await record('test.race');
    const counts = await Promise.all([
      events.dispatchPending(),
      events.dispatchPending(),
      events.dispatchPending(),
    ]);
    off();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(new Set(seen).size).toBe(20);
    expect(seen).toHaveLength(20);
  });

  it('the dispatcher on the job queue delivers events without being asked', async () => {
    const { events, jobs } = t.app.deps;
    const got: string[] = [];
    const off = events.on('test.queued', async (e) => {
      got.push(e.objectId);
    });
    await jobs.start();
    const id = crypto.randomUUID();
    await record('test.queued', id);
    for (let i = 0; i < 200 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    off();
    expect(got).toEqual([id]);
    // The consumer runs inside the dispatcher's transaction: the mark is visible once that commits.
    const dispatchedAt = async () => {
      const rows = await t.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.object_id, id))
        .orderBy(asc(domainEvents.seq));
      return rows[0]?.dispatched_at ?? null;
    };
    await expect.poll(dispatchedAt, { timeout: 10_000 }).not.toBeNull();
  });

  it('dispatch jobs carry heartbeats, so one whose end was lost (PostgreSQL restarting) cannot block the queue', async () => {
    // The queue is stately (one active job in the cluster). A job whose completion could not be written
    // stays active; only heartbeats let pg-boss fail it soon, instead of after its 10-minute expiry.
    await t.app.deps.jobs.start();
    const result = await t.database.db.execute(
      sql`select heartbeat_seconds, policy from pgboss.queue where name = ${DISPATCH_QUEUE}`,
    );
    // Both drivers answer { rows }; the generic database type does not say so.
    const { rows } = result as unknown as { rows: { heartbeat_seconds: number | null; policy: string }[] };
    expect(rows).toEqual([{ heartbeat_seconds: 10, policy: 'stately' }]);
  });
});
