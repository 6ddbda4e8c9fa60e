import { correspondenceRecipients, correspondences, type Database, documents, type Tx } from '@licensure/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../platform/files/storage';
import { type MailSettings, sendMail } from '../../platform/mail/send-mail';
import { loadMergeValues } from '../merge/load-merge-values';
import { fieldsUsed, htmlToPlainText, mergeHtml, mergeText } from '../merge/merge-html';
import type { SendJob } from './queue-correspondence';

export interface SendDeps {
  database: Database;
  files: FileStorage;
  mail: MailSettings;
  log: FastifyBaseLogger;
}

const BATCH = 50;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/** The send's documents, attached to every message (the recipient's own when the send is personal). */
async function attachmentsOf(deps: SendDeps, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await deps.database.db
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.enterprise_id, enterpriseId),
        isNull(documents.deleted_at),
      ),
    );
  return Promise.all(
    rows.map(async (d) => ({
      filename: d.name,
      contentType: d.mime_type,
      content: await readAll(await deps.files.get(d.storage_key)),
    })),
  );
}

/** Recounts a send's messages and sets its status: the progress the screens show. */
export async function refreshProgress(db: Database['db'] | Tx, correspondenceId: string): Promise<void> {
  await db.execute(sql`
    update correspondences c set
      sent_count = s.sent, failed_count = s.failed, updated_at = now(),
      status = case
        when s.queued > 0 then (case when s.sent + s.failed + s.held > 0 then 'sending' else 'queued' end)
        when s.failed = 0 and s.held = 0 then 'sent'
        when s.failed = 0 and s.sent = 0 then 'held'
        when s.sent + s.held = 0 then 'failed'
        when s.failed > 0 then 'partial'
        else 'sent' end,
      completed_at = case when s.queued = 0 then now() else null end
    from (
      select count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'held')::int as held,
             count(*) filter (where status in ('queued', 'sending'))::int as queued
      from correspondence_recipients where correspondence_id = ${correspondenceId}) s
    where c.id = ${correspondenceId}`);
}

/**
 * The job of one send: takes its waiting messages a batch at a time (locked, so two workers never take
 * the same one), merges each for its recipient when the send is personal, sends it through SMTP or the
 * mail log, and keeps each outcome. A failure is stored on its message (status failed, the error), never
 * dropped; POST Correspondences/{id}/retry queues the failed ones again.
 */
export async function runSendJob(deps: SendDeps, job: SendJob): Promise<void> {
  const { db } = deps.database;
  const [send] = await db
    .select()
    .from(correspondences)
    .where(
      and(eq(correspondences.id, job.correspondenceId), eq(correspondences.enterprise_id, job.enterpriseId)),
    );
  if (!send) return;
  const personal =
    send.merge_object === 'person' &&
    !send.merge_entity_id &&
    fieldsUsed(send.subject + send.html_body).length > 0;
  const attachments = await attachmentsOf(deps, send.enterprise_id, send.document_ids);
  // Messages a crashed attempt had claimed go back to the queue (one job a send runs at a time).
  await db
    .update(correspondenceRecipients)
    .set({ status: 'queued' })
    .where(
      and(
        eq(correspondenceRecipients.correspondence_id, send.id),
        eq(correspondenceRecipients.status, 'sending'),
      ),
    );
  for (;;) {
    // Claim a batch in a short transaction; send outside it (PGlite has one connection, SMTP is slow).
    const claimed = await db.execute<{ id: string }>(sql`
      update correspondence_recipients set status = 'sending', updated_at = now()
      where id in (
        select id from correspondence_recipients
        where correspondence_id = ${send.id} and status = 'queued'
        order by id limit ${BATCH} for update skip locked)
      returning id`);
    const ids = rowsOf<{ id: string }>(claimed).map((r) => r.id);
    const rows = ids.length
      ? await db
          .select()
          .from(correspondenceRecipients)
          .where(inArray(correspondenceRecipients.id, ids))
          .orderBy(asc(correspondenceRecipients.id))
      : [];
    for (const r of rows) {
      let subject = send.subject;
      let html = send.html_body;
      let text = send.text_body;
      if (personal && r.user_id) {
        const values = await loadMergeValues(db, send.enterprise_id, { kind: 'person', id: r.user_id });
        subject = mergeText(send.subject, values).trim();
        html = mergeHtml(send.html_body, values);
        text = htmlToPlainText(html);
      }
      const result = await sendMail(
        db,
        {
          to: r.address,
          subject,
          text,
          html,
          enterpriseId: send.enterprise_id,
          from: send.from_address ?? undefined,
          cc: send.cc,
          bcc: send.bcc,
          replyTo: send.reply_to,
          attachments,
        },
        deps.mail,
      );
      if (result.status === 'failed')
        deps.log.warn(
          { correspondenceId: send.id, recipientId: r.id, error: result.error },
          'correspondence message failed',
        );
      await db
        .update(correspondenceRecipients)
        .set({
          status: result.status === 'failed' ? 'failed' : result.status === 'held' ? 'held' : 'sent',
          error: result.error ?? null,
          attempts: r.attempts + 1,
          subject,
          html_body: personal ? html : null,
          text_body: personal ? text : null,
          mail_log_id: result.id,
          sent_at: result.status === 'sent' ? new Date() : null,
          updated_at: new Date(),
        })
        .where(eq(correspondenceRecipients.id, r.id));
    }
    const batch = rows.length;
    await refreshProgress(db, send.id);
    if (batch < BATCH) break;
  }
}

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
