import { randomUUID } from 'node:crypto';
import { type Database, mailLog, type Tx } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobInfo, JobQueue } from '../jobs/job-queue';
import { mailFailed, mailSent } from '../ops/metrics/counters';
import { deliver, errorText, type MailMessage, type MailSettings, mailLogValues } from './send-mail';

/** The queue whose jobs send one logged mail each. */
export const MAIL_QUEUE = 'mail-send';
/** Attempts after the first before a mail is marked failed. */
export const MAIL_RETRY_LIMIT = 4;

export interface MailJob {
  mailId: string;
}

export interface MailDeps {
  database: Database;
  jobs: Pick<JobQueue, 'send' | 'start'>;
  config: MailSettings;
}

/** A message sent by a job: its content lives in the mail log only, so no attachments. */
export type QueuedMessage = Omit<MailMessage, 'attachments'>;

/**
 * Records the message in the mail log and, when SMTP_URL is configured, enqueues the job that sends it
 * (retried with growing delays when the server refuses or cannot be reached). Without SMTP it is held
 * at once: staff read it in the app (and outside production, the dev mail viewer shows it).
 */
export async function queueMail(
  deps: MailDeps,
  message: QueuedMessage,
): Promise<{ id: string; status: 'queued' | 'held' }> {
  const values = mailLogValues(message, deps.config);
  const { db } = deps.database;
  if (!deps.config.SMTP_URL) {
    const [row] = await db
      .insert(mailLog)
      .values({ ...values, status: 'held' })
      .returning({ id: mailLog.id });
    return { id: row!.id, status: 'held' };
  }
  // On PGlite a transaction holds the only connection: the queue must be running before it opens.
  await deps.jobs.start();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(mailLog).values({ id, ...values, status: 'queued' });
    await deps.jobs.send<MailJob>(MAIL_QUEUE, { mailId: id }, { tx, id });
  });
  return { id, status: 'queued' };
}

/** Puts a logged mail back in the queue (a staff retry); inside the caller's transaction. */
export async function requeueMail(tx: Tx, jobs: Pick<JobQueue, 'send'>, id: string): Promise<void> {
  await tx.update(mailLog).set({ status: 'queued', updated_at: new Date() }).where(eq(mailLog.id, id));
  await jobs.send<MailJob>(MAIL_QUEUE, { mailId: id }, { tx });
}

/**
 * One attempt at one mail: sent, or the error kept on the row. While retries remain the row stays
 * queued and the job throws (pg-boss tries again later); the last failure marks it failed.
 */
export async function runMailJob(
  deps: { database: Database; config: MailSettings; log: FastifyBaseLogger },
  data: MailJob,
  job: Pick<JobInfo, 'retryCount'>,
  retryLimit = MAIL_RETRY_LIMIT,
): Promise<void> {
  const { db } = deps.database;
  const [row] = await db.select().from(mailLog).where(eq(mailLog.id, data.mailId));
  if (row?.status !== 'queued') return;
  const smtpUrl = deps.config.SMTP_URL;
  if (!smtpUrl) {
    // The server was restarted without SMTP_URL since the mail was queued.
    await db.update(mailLog).set({ status: 'held', updated_at: new Date() }).where(eq(mailLog.id, row.id));
    return;
  }
  const attempt = { attempts: row.attempts + 1, last_attempt_at: new Date(), updated_at: new Date() };
  try {
    await deliver(smtpUrl, {
      from: row.from_address ?? deps.config.MAIL_FROM,
      to: row.to_address,
      cc: row.cc,
      bcc: row.bcc,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body ?? undefined,
    });
  } catch (err) {
    const final = job.retryCount >= retryLimit;
    const error = errorText(err);
    mailFailed.inc({ final: String(final) });
    await db
      .update(mailLog)
      .set({ ...attempt, status: final ? 'failed' : 'queued', error })
      .where(eq(mailLog.id, row.id));
    deps.log.warn({ mailId: row.id, attempts: attempt.attempts, final, error }, 'mail not sent');
    if (!final) throw err;
    return;
  }
  await db
    .update(mailLog)
    .set({ ...attempt, status: 'sent', sent_at: new Date(), error: null })
    .where(eq(mailLog.id, row.id));
  mailSent.inc();
  deps.log.info({ mailId: row.id, attempts: attempt.attempts }, 'mail sent');
}

/** Declares the mail queue and runs its jobs in this process. */
export async function registerMailJob(
  jobs: JobQueue,
  deps: { database: Database; config: MailSettings & { MAIL_RETRY_DELAY_SECONDS: number } },
  log: FastifyBaseLogger,
): Promise<void> {
  await jobs.createQueue(MAIL_QUEUE, {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: deps.config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: deps.config.MAIL_RETRY_DELAY_SECONDS > 0,
    expireInSeconds: 600,
  });
  await jobs.work<MailJob>(
    MAIL_QUEUE,
    (data, job) =>
      runMailJob(
        {
          database: deps.database,
          config: deps.config,
          log: log.child({ queue: MAIL_QUEUE, jobId: job.id }),
        },
        data,
        job,
      ),
    { concurrency: 2 },
  );
}
