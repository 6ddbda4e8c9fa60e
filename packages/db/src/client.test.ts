import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ends this test's own backends (by application name) as a PostgreSQL restart would. */
async function terminate(appName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [appName],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.runIf(url)('openPostgres when PostgreSQL drops its connections', () => {
  it('survives a connection broken in the middle of a transaction, and serves the next query', async () => {
    const appName = `licensure-client-test-${process.pid}-tx`;
    const target = new URL(url as string);
    target.searchParams.set('application_name', appName);
    const errors: string[] = [];
    const database = openPostgres(target.toString(), 2, {
      onConnectionError: (_e, where) => errors.push(where),
    });
    try {
      // The transaction holds its client between two statements when its backend is terminated: the
      // client emits 'error' with no query to receive it, which ended the process before.
      const tx = database.db.transaction(async (t) => {
        await t.execute('select 1');
        await sleep(300);
        await t.execute('select 2');
      });
      await sleep(100);
      expect(await terminate(appName)).toBeGreaterThan(0);
      await expect(tx).rejects.toThrow();
      expect(errors).toContain('in use');
      // The broken client was dropped: a new connection answers.
      const result = await database.db.execute('select 42 as n');
      const { rows } = result as unknown as { rows: { n: number }[] };
      expect(rows[0]).toEqual({ n: 42 });
    } finally {
      await database.close();
    }
  });

  it('opens the LISTEN connection again and keeps delivering notifications', async () => {
    const appName = `licensure-client-test-${process.pid}-listen`;
    const target = new URL(url as string);
    target.searchParams.set('application_name', appName);
    const errors: string[] = [];
    const database = openPostgres(target.toString(), 2, {
      onConnectionError: (_e, where) => errors.push(where),
      listenRetryMs: 50,
    });
    const got: string[] = [];
    try {
      await database.notifier.listen('client_test', (p) => got.push(p));
      await database.notifier.notify('client_test', 'before');
      await expect.poll(() => got).toEqual(['before']);
      expect(await terminate(appName)).toBeGreaterThan(0);
      await expect.poll(() => errors).toContain('listen');
      // Notifications sent while it reconnects may be lost; once it listens again they arrive.
      await expect
        .poll(
          async () => {
            await database.notifier.notify('client_test', 'after');
            return got.includes('after');
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await database.close();
    }
  });
});
