import { type Db, mailOutbox } from '@licensure/db';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';

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
  /** smtp:// or smtps:// URL; without it mail is held in the outbox for staff. */
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

/**
 * Writes the message to the outbox, then sends it through SMTP when SMTP_URL is configured and records
 * the outcome (sent or failed). Without SMTP the row stays 'held' for staff to read in the app.
 */
export async function sendMail(db: Db, message: MailMessage, settings: MailSettings): Promise<MailResult> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      enterprise_id: message.enterpriseId ?? null,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      status: settings.SMTP_URL ? 'queued' : 'held',
    })
    .returning({ id: mailOutbox.id });
  const id = row!.id;
  if (!settings.SMTP_URL) return { id, status: 'held' };
  try {
    await transportFor(settings.SMTP_URL).sendMail({
      from: message.from ?? settings.MAIL_FROM,
      to: message.to,
      cc: message.cc?.length ? message.cc : undefined,
      bcc: message.bcc?.length ? message.bcc : undefined,
      replyTo: message.replyTo?.length ? message.replyTo : undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
    });
    await db.update(mailOutbox).set({ status: 'sent', sent_at: new Date() }).where(eq(mailOutbox.id, id));
    return { id, status: 'sent' };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, id));
    return { id, status: 'failed', error };
  }
}

/** Closes pooled SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
