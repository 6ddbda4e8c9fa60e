// A server-like process for restart.test.ts: `tsx restart-fixture.ts <pglite dir | postgres url> <phase>`.
// Phase "crash" enqueues two jobs and hangs in both (one after committing its work, one inside its
// transaction) so that the test can kill it; phase "resume" runs until both jobs are completed.
import { openPglite, openPostgres } from '@licensure/db';
import pino from 'pino';
import { recordOutboxEntry } from '../events/record-event';
import { markJobDone } from './done-marker';
import { createJobQueue } from './job-queue';

const [target = '', phase = ''] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
const database = target.startsWith('postgres') ? openPostgres(target, 4) : await openPglite(target);
await database.migrate();
const jobs = createJobQueue(database, pino({ level: 'warn' }), { superviseIntervalSeconds: 1 });
const QUEUE = 'restart-test';
const enterpriseId = '00000000-0000-0000-0000-000000000000';
const hang = () => new Promise<never>(() => {});

// A job hanging in the crash phase expires every 3 s and is tried again in the same process; on a
// loaded machine that phase can outlast a few expiries, so the retries must not run out before the
// kill (a job that failed for good would never complete after the restart).
await jobs.createQueue(QUEUE, { expireInSeconds: 3, retryLimit: 50, retryDelay: 0 });
await jobs.work<{ label: string }>(
  QUEUE,
  async (data, job) => {
    say(`run ${data.label} ${job.retryCount}`);
    await database.db.transaction(async (tx) => {
      if (!(await markJobDone(tx, `${QUEUE}:${job.id}`, QUEUE))) return;
      await recordOutboxEntry(tx, {
        enterpriseId,
        name: 'restart.work',
        entity: 'restart',
        objectId: data.label,
      });
      if (phase === 'crash' && data.label === 'in-transaction') {
        say(`hanging ${data.label}`);
        await hang();
      }
    });
    if (phase === 'crash' && data.label === 'after-commit') {
      say(`hanging ${data.label}`);
      await hang();
    }
  },
  { concurrency: 2, pollingIntervalSeconds: 0.5 },
);
await jobs.start();

if (phase === 'crash') {
  // One after the other: on PGlite the job hanging in its transaction holds the only connection.
  const first = await jobs.send(QUEUE, { label: 'after-commit' });
  say(`sent ${first}`);
  await new Promise((r) => setTimeout(r, 1500));
  const second = await jobs.send(QUEUE, { label: 'in-transaction' });
  say(`sent ${second}`);
} else {
  const ids = process.argv.slice(4).filter((a) => a !== '--');
  for (;;) {
    const states = await Promise.all(ids.map((id) => jobs.find(QUEUE, id)));
    if (states.every((s) => s?.state === 'completed')) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  say('completed');
  await jobs.stop();
  await database.close();
  process.exit(0);
}
