import { mailLog } from '@licensure/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEV_MAIL_VIEWER, devViewerAllowed } from '../../platform/mail/mail-setup';
import { escapeHtml } from '../merge/merge-html';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Plain text made HTML: escaped, its http(s) links clickable (a reset link opened from here). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/\bhttps?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}a{color:#0b57d0}
iframe{width:100%;min-height:20rem;border:1px solid #ccc}.note{background:#fff4ce;padding:.75rem}
</style></head><body>${body}</body></html>`;

const NOTE =
  '<p class="note">Development only: no mail server is configured (SMTP_URL), so mail is held here. ' +
  'This viewer answers only requests from this computer, never in production.</p>';

/**
 * The dev mail viewer (like Mailpit, or Django's console backend): outside production, with no
 * SMTP_URL, a browser on this computer reads the held mail (a demo user's reset link). Any other
 * request gets a 404, production included (see devViewerAllowed for why: the mail holds reset links).
 * Server-rendered, no script; an HTML body is shown in a sandboxed frame that runs nothing.
 */
export async function devMailViewer(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const { config } = app.deps;
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    if (devViewerAllowed(config, request)) return false;
    request.log.warn({ ip: request.socket.remoteAddress }, 'dev mail viewer refused');
    void reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return true;
  };
  const html = (reply: FastifyReply, body: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  app.get(
    DEV_MAIL_VIEWER,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const rows = await db.select().from(mailLog).orderBy(desc(mailLog.created_at)).limit(200);
      const items = rows
        .map(
          (r) =>
            `<tr><td>${escapeHtml(r.created_at.toISOString().replace('T', ' ').slice(0, 19))}</td>` +
            `<td>${escapeHtml(r.to_address)}</td>` +
            `<td><a href="${DEV_MAIL_VIEWER}/${r.id}">${escapeHtml(r.subject)}</a></td><td>${r.status}</td></tr>`,
        )
        .join('');
      return html(
        reply,
        page(
          'Held mail',
          `<h1>Held mail</h1>${NOTE}${
            rows.length
              ? `<table><thead><tr><th>When (UTC)</th><th>To</th><th>Subject</th><th>State</th></tr></thead><tbody>${items}</tbody></table>`
              : '<p>No mail yet.</p>'
          }`,
        ),
      );
    },
  );

  app.get(
    `${DEV_MAIL_VIEWER}/:id`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (refuse(request, reply)) return reply;
      const { id } = request.params as { id: string };
      const [r] = uuid.test(id) ? await db.select().from(mailLog).where(eq(mailLog.id, id)) : [];
      if (!r) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const head = [
        ['From', r.from_address ?? ''],
        ['To', r.to_address],
        ...(r.cc.length ? [['Cc', r.cc.join(', ')]] : []),
        ['Subject', r.subject],
        ['State', r.status],
      ]
        .map(([k, v]) => `<tr><th scope="row">${k}</th><td>${escapeHtml(v ?? '')}</td></tr>`)
        .join('');
      const frame = r.html_body
        ? `<h2>HTML</h2><iframe sandbox="" title="The mail's HTML body" srcdoc="${escapeHtml(r.html_body)}"></iframe>`
        : '';
      return html(
        reply,
        page(
          r.subject,
          `<p><a href="${DEV_MAIL_VIEWER}">All held mail</a></p><h1>${escapeHtml(r.subject)}</h1>${NOTE}` +
            `<table>${head}</table><h2>Text</h2><pre>${linkify(r.text_body)}</pre>${frame}`,
        ),
      );
    },
  );
}
