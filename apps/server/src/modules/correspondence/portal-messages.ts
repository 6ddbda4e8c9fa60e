import {
  type PortalMessage,
  type PortalMessageSummary,
  portalMessage,
  portalMessageList,
  portalMessageListQuery,
} from '@licensure/contracts';
import { correspondenceRecipients, correspondences, type Db, documents } from '@licensure/db';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { self } from '../../platform/permissions/policies';
import { sendDocumentFile } from '../documents/send-document-file';
import { htmlToPlainText, sanitizeMessageHtml } from '../merge/merge-html';

const tags = ['correspondence'];
const r = correspondenceRecipients;
const c = correspondences;

/**
 * A message that reached the mail record for the person: sent, held in the mail log (no mail server) or
 * failed to deliver by mail; the portal shows it in every case. Queued ones are not merged yet.
 */
const delivered = sql`${r.status} in ('sent', 'held', 'failed')`;
/** When it went out: sent, else when the mail record took it. */
const sentAt = sql<Date>`coalesce(${r.sent_at}, ${r.updated_at})`;

/** The caller's own messages (of this enterprise), and no one else's: the one rule of every route here. */
const own = (request: FastifyRequest) =>
  and(eq(r.enterprise_id, request.enterpriseId), eq(r.user_id, request.auth!.userId), delivered);

const summaryColumns = {
  id: r.id,
  // What the person got: merged for them when the send was personal, else the send's own subject.
  subject: sql<string>`coalesce(${r.subject}, ${c.subject})`,
  sent_at: sentAt,
  document_ids: c.document_ids,
};

async function ownMessage(db: Db, request: FastifyRequest, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, html_body: sql<string>`coalesce(${r.html_body}, ${c.html_body})` })
    .from(r)
    .innerJoin(c, eq(c.id, r.correspondence_id))
    .where(and(eq(r.id, id), own(request)));
  if (!row) throw notFound('message');
  return row;
}

/** The send's live documents, in the order the send named them. */
async function attachmentsOf(db: Db, enterpriseId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.enterprise_id, enterpriseId),
        isNull(documents.deleted_at),
      ),
    );
  return ids.flatMap((id) => rows.filter((d) => d.id === id));
}

const messageParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const attachmentParams = messageParams.extend({
  documentId: z.uuid({ message: 'documentId must be a valid id' }),
});

/**
 * The portal's Messages: the letters and mails sent to the signed-in person (correspondence messages
 * addressed to them), newest first, each opened to the subject and body merged for them, with the
 * send's attachments to download. Only one's own: another person's message is a 404.
 */
export async function portalMessageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  api.get('/api/portal/messages', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary: 'The letters and mails sent to the signed-in person, newest first',
      querystring: portalMessageListQuery,
      response: { 200: portalMessageList },
    },
    handler: async (request) => {
      const { currentPage, numPerPage } = request.query;
      const [rows, [count]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(r)
          .innerJoin(c, eq(c.id, r.correspondence_id))
          .where(own(request))
          .orderBy(desc(sentAt), desc(r.id))
          .limit(numPerPage)
          .offset((currentPage - 1) * numPerPage),
        db.select({ n: sql<number>`count(*)::int` }).from(r).where(own(request)),
      ]);
      const items: PortalMessageSummary[] = rows.map(({ document_ids, ...m }) => ({
        ...m,
        sent_at: new Date(m.sent_at).toISOString(),
        attachment_count: document_ids.length,
      }));
      return { items, total: Number(count?.n ?? 0), currentPage, numPerPage };
    },
  });

  api.get('/api/portal/messages/:id', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary: 'One message sent to the signed-in person: its merged subject and body, and its attachments',
      params: messageParams,
      response: { 200: portalMessage },
    },
    handler: async (request): Promise<PortalMessage> => {
      const { document_ids, html_body, ...m } = await ownMessage(db, request, request.params.id);
      const files = await attachmentsOf(db, request.enterpriseId, document_ids);
      const html = sanitizeMessageHtml(html_body);
      return {
        ...m,
        sent_at: new Date(m.sent_at).toISOString(),
        attachment_count: document_ids.length,
        html_body: html,
        text_body: htmlToPlainText(html),
        attachments: files.map((d) => ({
          id: d.id,
          name: d.name,
          mime_type: d.mime_type,
          size_bytes: d.size_bytes,
        })),
      };
    },
  });

  api.get('/api/portal/messages/:id/attachments/:documentId', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary: 'Downloads a file sent with one of the signed-in person’s messages',
      params: attachmentParams,
    },
    handler: async (request, reply) => {
      const { id, documentId } = request.params;
      const message = await ownMessage(db, request, id);
      const [doc] = message.document_ids.includes(documentId)
        ? await attachmentsOf(db, request.enterpriseId, [documentId])
        : [];
      if (!doc) throw notFound('attachment');
      return sendDocumentFile(db, request, reply, doc, 'attachment');
    },
  });
}
