import { type Db, mailLog } from '@licensure/db';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailFailed, mailSent } from '../ops/metrics/counters';
import { currentRequestId } from '../ops/request-context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  enterpriseId?: string | null;
  /** A sender other than MAIL_FROM (an enterprise's own address). */
  from?: string;
  cc?: string[];
  bcc?: string[];
  replyTo?: string[];
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface MailSettings {
  /** smtp:// or smtps:// URL; without it mail is held in the mail log for staff. */
  SMTP_URL?: string;
  MAIL_FROM: string;
}

export interface MailResult {
  id: string;
  status: 'sent' | 'failed' | 'held';
  error?: string;
}

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'smtps:';
    t = nodemailer.createTransport({
      host: parsed.hostname,
      port: Number(parsed.port) || (secure ? 465 : 587),
      secure,
      // Plain smtp:// to a server without STARTTLS (a local relay, a test server) is allowed as written.
      ignoreTLS: !secure && parsed.searchParams.get('starttls') === 'false',
      auth: parsed.username
        ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, t);
  }
  return t;
}

/** The mail log row of a message: what is (or would be) sent, merged, with its sender and recipients. */
export function mailLogValues(message: MailMessage, settings: MailSettings) {
  return {
    enterprise_id: message.enterpriseId ?? null,
    from_address: message.from ?? settings.MAIL_FROM,
    to_address: message.to,
    cc: message.cc ?? [],
    bcc: message.bcc ?? [],
    reply_to: message.replyTo ?? [],
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    // The request that caused the mail, directly or through its events and jobs.
    request_id: currentRequestId() ?? null,
  };
}

/** Hands one message to the SMTP server of `smtpUrl`; throws what the server answered. */
export async function deliver(smtpUrl: string, message: MailMessage & { from: string }): Promise<void> {
  await transportFor(smtpUrl).sendMail({
    from: message.from,
    to: message.to,
    cc: message.cc?.length ? message.cc : undefined,
    bcc: message.bcc?.length ? message.bcc : undefined,
    replyTo: message.replyTo?.length ? message.replyTo : undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  });
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Writes the message to the mail log, then sends it through SMTP at once when SMTP_URL is configured and
 * records the outcome (sent or failed, one attempt). Without SMTP the row stays 'held' for staff to read
 * in the app. For callers that are already a job with retries of their own (a correspondence send);
 * anything else queues its mail with queueMail (mail-queue.ts).
 */
export async function sendMail(db: Db, message: MailMessage, settings: MailSettings): Promise<MailResult> {
  const values = mailLogValues(message, settings);
  const [row] = await db
    .insert(mailLog)
    .values({ ...values, status: settings.SMTP_URL ? 'queued' : 'held' })
    .returning({ id: mailLog.id });
  const id = row!.id;
  if (!settings.SMTP_URL) return { id, status: 'held' };
  const attempt = { attempts: 1, last_attempt_at: new Date(), updated_at: new Date() };
  try {
    await deliver(settings.SMTP_URL, { ...message, from: values.from_address });
    await db
      .update(mailLog)
      .set({ ...attempt, status: 'sent', sent_at: new Date(), error: null })
      .where(eq(mailLog.id, id));
    mailSent.inc();
    return { id, status: 'sent' };
  } catch (err) {
    const error = errorText(err);
    await db
      .update(mailLog)
      .set({ ...attempt, status: 'failed', error })
      .where(eq(mailLog.id, id));
    mailFailed.inc({ final: 'true' });
    return { id, status: 'failed', error };
  }
}

/** Closes pooled SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
