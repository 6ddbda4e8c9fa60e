import { PassThrough, type Readable } from 'node:stream';
import { csvCell } from '@licensure/contracts';
import { correspondenceRecipients, correspondences, type Db } from '@licensure/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { AppError } from '../../platform/http/errors';

const folderName = (c: { created_at: Date; subject: string; id: string }) =>
  `${c.created_at.toISOString().slice(0, 10)} ${c.subject.replace(/[^\w .-]+/g, '_').slice(0, 60)} ${c.id.slice(0, 8)}`;

/**
 * Core/Correspondence/Zip: for each send, its message as HTML and text and a CSV of its recipients
 * with each outcome. Every id must be a send of the enterprise (else 404 naming correspondenceIds).
 */
export async function zipCorrespondence(
  db: Db,
  enterpriseId: string,
  ids: readonly string[],
): Promise<Readable> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(correspondences)
    .where(and(eq(correspondences.enterprise_id, enterpriseId), inArray(correspondences.id, unique)));
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('not_found', 'Some of the correspondence was not found.', {
      correspondenceIds: `These were not found: ${missing.join(', ')}.`,
    });
  const zip = new ZipFile();
  for (const c of rows) {
    const folder = folderName(c);
    const recipients = await db
      .select()
      .from(correspondenceRecipients)
      .where(eq(correspondenceRecipients.correspondence_id, c.id))
      .orderBy(asc(correspondenceRecipients.address));
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${c.subject.replace(/</g, '&lt;')}</title></head><body>${c.html_body}</body></html>`;
    zip.addBuffer(Buffer.from(html), `${folder}/message.html`);
    zip.addBuffer(Buffer.from(`Subject: ${c.subject}\n\n${c.text_body}\n`), `${folder}/message.txt`);
    const lines = [
      ['address', 'status', 'error', 'attempts', 'sent_at'].join(','),
      ...recipients.map((r) => [r.address, r.status, r.error, r.attempts, r.sent_at].map(csvCell).join(',')),
    ];
    zip.addBuffer(Buffer.from(`${lines.join('\r\n')}\r\n`), `${folder}/recipients.csv`);
  }
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}
