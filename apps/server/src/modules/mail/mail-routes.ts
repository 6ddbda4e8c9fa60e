import {
  type MailDetail,
  type MailSummary,
  mailDeliveryStatus,
  mailDetail,
  mailList,
  mailListQuery,
  mailMessages,
} from '@licensure/contracts';
import { correspondenceRecipients, type Db, mailLog } from '@licensure/db';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { badRequest, notFound } from '../../platform/http/errors';
import { requeueMail } from '../../platform/mail/mail-queue';
import { DEV_MAIL_VIEWER, devViewerAllowed, mailBanner } from '../../platform/mail/mail-setup';

const tags = ['mail'];
const m = mailLog;
const params = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Row = typeof mailLog.$inferSelect;
const summary = (r: Row): MailSummary => ({
  id: r.id,
  from_address: r.from_address,
  to_address: r.to_address,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  error: r.error,
  created_at: r.created_at.toISOString(),
  sent_at: iso(r.sent_at),
});

/** The correspondence a mail was sent for, if any: its messages are retried from there. */
async function correspondenceOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: correspondenceRecipients.correspondence_id })
    .from(correspondenceRecipients)
    .where(eq(correspondenceRecipients.mail_log_id, id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The staff mail log (mail.read): every mail of the enterprise as it was (or would be) sent, newest
 * first; one opened to its merged subject and bodies; a failed one (or a held one once SMTP is
 * configured) sent again through the mail queue. Reset links and invitations are in these bodies, so
 * mail.read is an administrator's permission (docs/security.md).
 */
export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config } = app.deps;

  async function load(enterpriseId: string, id: string): Promise<MailDetail> {
    const [row] = await db
      .select()
      .from(m)
      .where(and(eq(m.id, id), eq(m.enterprise_id, enterpriseId)));
    if (!row) throw notFound('mail');
    const correspondenceId = await correspondenceOf(db, row.id);
    return {
      ...summary(row),
      cc: row.cc,
      bcc: row.bcc,
      reply_to: row.reply_to,
      text_body: row.text_body,
      html_body: row.html_body,
      last_attempt_at: iso(row.last_attempt_at),
      correspondence_id: correspondenceId,
      retryable:
        !correspondenceId && (row.status === 'failed' || (row.status === 'held' && !!config.SMTP_URL)),
    };
  }

  r.get('/api/mail/status', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Whether mail is being sent: the administrators’ banner, and the dev mail viewer for this computer',
      response: { 200: mailDeliveryStatus },
    },
    handler: async (request) => {
      const admin =
        request.auth?.permissions.has('mail.read') || request.auth?.permissions.has('security.admin');
      return {
        banner: admin && !request.auth?.isPortal ? mailBanner(config) : null,
        dev_viewer: devViewerAllowed(config, request) ? DEV_MAIL_VIEWER : null,
      };
    },
  });

  r.get('/api/mail', {
    config: { access: 'mail.read' },
    schema: {
      tags,
      summary: 'The mail the product sent or holds, newest first (filter by recipient and state)',
      querystring: mailListQuery,
      response: { 200: mailList },
    },
    handler: async (request) => {
      const { currentPage, numPerPage, to, status } = request.query;
      const where: (SQL | undefined)[] = [
        eq(m.enterprise_id, request.enterpriseId),
        to ? ilike(m.to_address, likePattern(to)) : undefined,
        status ? eq(m.status, status) : undefined,
      ];
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(m)
          .where(and(...where))
          .orderBy(desc(m.created_at), desc(m.id))
          .limit(numPerPage)
          .offset((currentPage - 1) * numPerPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(m)
          .where(and(...where)),
      ]);
      return { items: rows.map(summary), total: Number(count?.n ?? 0), currentPage, numPerPage };
    },
  });

  r.get('/api/mail/:id', {
    config: { access: 'mail.read' },
    schema: {
      tags,
      summary: 'One mail: merged subject, text and HTML bodies, sender, recipients, attempts and error',
      params,
      response: { 200: mailDetail },
    },
    handler: async (request) => load(request.enterpriseId, request.params.id),
  });

  r.post('/api/mail/:id/retry', {
    config: { access: 'mail.read' },
    schema: {
      tags,
      summary: 'Send a failed mail again (or a held one once a mail server is configured)',
      params,
      response: { 200: mailDetail },
    },
    handler: async (request) => {
      const mail = await load(request.enterpriseId, request.params.id);
      if (mail.correspondence_id) throw badRequest({ id: mailMessages.fromCorrespondence });
      if (mail.status === 'held' && !config.SMTP_URL) throw badRequest({ id: mailMessages.noMailServer });
      if (!mail.retryable) throw badRequest({ id: mailMessages.notRetryable });
      // On PGlite a transaction holds the only connection: the queue must be running before it opens.
      await app.deps.jobs.start();
      await db.transaction(async (tx) => {
        const [locked] = await tx.select({ status: m.status }).from(m).where(eq(m.id, mail.id)).for('update');
        if (locked?.status !== mail.status) throw badRequest({ id: mailMessages.notRetryable });
        await requeueMail(tx, app.deps.jobs, mail.id);
        await recordChange(tx, actorOf(request), {
          entity: 'mail_log',
          objectId: mail.id,
          action: 'update',
          before: { status: mail.status, attempts: mail.attempts, error: mail.error },
          after: { status: 'queued', by: 'sent again from the mail log' },
        });
      });
      return load(request.enterpriseId, mail.id);
    },
  });
}
