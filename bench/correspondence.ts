/**
 * Benchmark of a bulk send (issue 12): 10,000 recipients must be queued in 10 s or less. "Queued" is
 * what POST Correspondences does before it answers: queueCorrespondence in one transaction resolves the
 * people to addresses, stores the send and one message a recipient, and enqueues the sending job. The
 * sending itself (the job, merging each message for its person) then runs in the background with the
 * progress bar; this script also reports how long the job takes to put all of them in the mail log.
 *
 *   cd /work/main && npx tsx bench/correspondence.ts
 *   BENCH_RECIPIENTS=10000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { performance } from 'node:perf_hooks';
import { correspondences, createEnterprise, mergeTemplates, openPostgres } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import {
  queueCorrespondence,
  SEND_QUEUE,
} from '../apps/server/src/modules/correspondence/queue-correspondence';
import { runSendJob } from '../apps/server/src/modules/correspondence/send-correspondence';
import { createLocalDiskStorage } from '../apps/server/src/platform/files/local-disk';
import { createJobQueue } from '../apps/server/src/platform/jobs/job-queue';

const BENCH_DB = 'licensure_bench_correspondence';
const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const budgetSeconds = 10;
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
})();

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(2));
const log = pino({ level: 'warn' });

async function main() {
  await admin(`drop database if exists ${BENCH_DB}`);
  await admin(`create database ${BENCH_DB}`);
  const database = openPostgres(benchUrl, 4);
  const jobs = createJobQueue(database, log);
  try {
    await database.migrate();
    const { db } = database;
    const enterprise = await db.transaction((tx) =>
      createEnterprise(tx, { name: 'Bench EMS', abbreviation: 'BE' }),
    );
    await db.execute(sql`
      insert into users (enterprise_id, user_name, first_name, last_name, email)
      select ${enterprise.id}::uuid, 'bench' || g, 'Bench', 'Person ' || g, 'bench' || g || '@example.org'
      from generate_series(1, ${recipients}::int) g`);
    const ids = (await db.execute<{ id: string }>(
      sql`select id from users where enterprise_id = ${enterprise.id}::uuid`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const [template] = await db
      .insert(mergeTemplates)
      .values({
        enterprise_id: enterprise.id,
        code: 'Correspondence',
        merge_object: 'person',
        name: 'Renewal notice',
        subject: 'Renewal notice for {{person.first_name}} {{person.last_name}}',
        body_html:
          '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Your credential is due for renewal.</p>',
      })
      .returning();
    await db.execute(sql`vacuum analyze`);
    await jobs.createQueue(SEND_QUEUE);
    await jobs.start();

    const started = performance.now();
    const queued = await db.transaction((tx) =>
      queueCorrespondence(
        tx,
        { enterpriseId: enterprise.id, to: ids.rows.map((r) => r.id), mergeTemplateId: template!.id },
        jobs,
      ),
    );
    const queuedSeconds = seconds(started);
    console.log(`Queued ${queued.total} recipients in ${queuedSeconds} s (budget ${budgetSeconds} s)`);

    // BENCH_SEND=1: the sending job too, run here directly (no SMTP configured: every message to the mail log).
    if (process.env.BENCH_SEND === '1') {
      const sendStarted = performance.now();
      await runSendJob(
        {
          database,
          files: createLocalDiskStorage('/tmp/licensure-bench-files'),
          mail: { MAIL_FROM: 'Bench <bench@localhost>' },
          log,
        },
        { correspondenceId: queued.id, enterpriseId: enterprise.id },
      );
      const [done] = await db.select().from(correspondences).where(eq(correspondences.id, queued.id));
      console.log(
        `Merged and put ${done?.total} messages in the mail log in ${seconds(sendStarted)} s (status ${done?.status})`,
      );
    }
    const ok = queued.total === recipients && queuedSeconds <= budgetSeconds;
    console.log(ok ? 'PASS' : 'FAIL');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await jobs.stop();
    await database.close();
    await admin(`drop database if exists ${BENCH_DB}`);
  }
}

await main();
