import { jobDoneMarkers } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { markJobDone } from './done-marker';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('job queue', () => {
  it('runs a job sent before the queue started (it starts on first use), once', async () => {
    const { jobs } = t.app.deps;
    const seen: { n: number; retryCount: number }[] = [];
    await jobs.createQueue('test-echo', { retryLimit: 1 });
    await jobs.work<{ n: number }>('test-echo', async (data, job) => {
      seen.push({ n: data.n, retryCount: job.retryCount });
    });
    expect(jobs.started).toBe(false);
    const id = await jobs.send('test-echo', { n: 7 });
    expect(jobs.started).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => ((await jobs.find('test-echo', id!))?.state === 'completed' ? true : undefined));
    expect(seen).toEqual([{ n: 7, retryCount: 0 }]);
  });

  it('retries a failed job and a thrown error does not escape the worker', async () => {
    const { jobs } = t.app.deps;
    let attempts = 0;
    await jobs.createQueue('test-flaky', { retryLimit: 2, retryDelay: 0 });
    await jobs.work('test-flaky', async () => {
      attempts++;
      if (attempts < 2) throw new Error('first attempt fails');
    });
    const id = await jobs.send('test-flaky', {});
    await until(async () => ((await jobs.find('test-flaky', id!))?.state === 'completed' ? true : undefined));
    expect(attempts).toBe(2);
  });

  it('enqueues inside a transaction: the job exists only when the transaction commits', async () => {
    const { jobs } = t.app.deps;
    await jobs.createQueue('test-tx');
    const ran: string[] = [];
    await jobs.work<{ tag: string }>('test-tx', async (data) => {
      ran.push(data.tag);
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await jobs.send('test-tx', { tag: 'rolled back' }, { tx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const id = await t.database.db.transaction((tx) => jobs.send('test-tx', { tag: 'committed' }, { tx }));
    await until(async () => ((await jobs.find('test-tx', id!))?.state === 'completed' ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual(['committed']);
  });

  it('done-markers: the second run of the same work sees it done', async () => {
    const { db } = t.database;
    const first = await db.transaction((tx) => markJobDone(tx, 'test:once', 'test'));
    const second = await db.transaction((tx) => markJobDone(tx, 'test:once', 'test'));
    expect([first, second]).toEqual([true, false]);
    // A marker written in a transaction that fails is gone with it.
    await expect(
      db.transaction(async (tx) => {
        await markJobDone(tx, 'test:failed', 'test');
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await db.select().from(jobDoneMarkers).where(eq(jobDoneMarkers.key, 'test:failed'))).toEqual([]);
  });
});
