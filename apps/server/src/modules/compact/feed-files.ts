import type { CompactFeedDelivery, CompactFeedFile } from '@licensure/contracts';
import { compactFeedDeliveries, compactFeedFiles, type Db, enterprises } from '@licensure/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { buildCompactFeed, compactFileName } from './build-feed';
import type { CompactTransport } from './transports';

type FileRow = typeof compactFeedFiles.$inferSelect;
type DeliveryRow = typeof compactFeedDeliveries.$inferSelect;

const presentDelivery = (d: DeliveryRow): CompactFeedDelivery => ({
  id: d.id,
  transport: d.transport,
  destination: d.destination,
  status: d.status,
  response_status: d.response_status,
  detail: d.detail,
  sent_by: d.sent_by,
  created_at: d.created_at.toISOString(),
});
export const presentFile = (f: FileRow, deliveries: DeliveryRow[]): CompactFeedFile => ({
  id: f.id,
  file_date: f.file_date,
  file_name: f.file_name,
  content_sha256: f.content_sha256,
  licence_count: f.licence_count,
  adverse_action_count: f.adverse_action_count,
  made_by: f.made_by,
  created_at: f.created_at.toISOString(),
  deliveries: deliveries.map(presentDelivery),
});
const fileLog = (f: FileRow) => ({ ...presentFile(f, []), deliveries: undefined });

/**
 * Writes the enterprise's file of `fileDate` and keeps it. A scheduled file is made once a day: when that
 * day's file exists already, it is returned (null `created`) and nothing is written again.
 */
export async function makeCompactFile(
  db: Db,
  actor: Actor,
  fileDate: string,
  madeBy: 'schedule' | 'staff',
): Promise<{ file: FileRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [enterprise] = await tx
      .select({ abbreviation: enterprises.abbreviation })
      .from(enterprises)
      .where(eq(enterprises.id, actor.enterpriseId));
    const feed = await buildCompactFeed(tx, actor.enterpriseId, fileDate);
    const [file] = await tx
      .insert(compactFeedFiles)
      .values({
        enterprise_id: actor.enterpriseId,
        file_date: fileDate,
        file_name: compactFileName(enterprise?.abbreviation ?? '', fileDate, feed.sha256),
        content: feed.content,
        content_sha256: feed.sha256,
        licence_count: feed.licenceCount,
        adverse_action_count: feed.adverseActionCount,
        made_by: madeBy,
        created_by: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!file) {
      const [existing] = await tx
        .select()
        .from(compactFeedFiles)
        .where(
          and(
            eq(compactFeedFiles.enterprise_id, actor.enterpriseId),
            eq(compactFeedFiles.file_date, fileDate),
            eq(compactFeedFiles.made_by, 'schedule'),
          ),
        );
      if (!existing) throw new Error('the Compact file was neither written nor found');
      return { file: existing, created: false };
    }
    await recordChange(tx, actor, {
      entity: 'compact_feed_files',
      objectId: file.id,
      action: 'create',
      after: fileLog(file),
    });
    return { file, created: true };
  });
}

/** Hands the file to the transport and logs the attempt (delivered or failed) with what came back. */
export async function deliverCompactFile(
  db: Db,
  actor: Actor,
  transport: CompactTransport,
  file: FileRow,
): Promise<DeliveryRow> {
  const outcome = await transport.deliver({
    id: file.id,
    fileName: file.file_name,
    content: file.content,
    sha256: file.content_sha256,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(compactFeedDeliveries)
      .values({
        enterprise_id: file.enterprise_id,
        file_id: file.id,
        transport: transport.name,
        destination: outcome.destination,
        status: outcome.status,
        response_status: outcome.responseStatus,
        detail: outcome.detail,
        sent_by: actor.userId,
        delivered_at: outcome.status === 'delivered' ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error('delivery not logged');
    await recordChange(tx, actor, {
      entity: 'compact_feed_deliveries',
      objectId: row.id,
      action: 'create',
      after: presentDelivery(row),
    });
    return row;
  });
}

/** One file of the enterprise with its deliveries, oldest first; 404 when it is not the enterprise's. */
export async function loadCompactFile(db: Db, enterpriseId: string, id: string) {
  const [file] = await db
    .select()
    .from(compactFeedFiles)
    .where(and(eq(compactFeedFiles.id, id), eq(compactFeedFiles.enterprise_id, enterpriseId)));
  if (!file) throw notFound('Compact file');
  const deliveries = await db
    .select()
    .from(compactFeedDeliveries)
    .where(eq(compactFeedDeliveries.file_id, file.id))
    .orderBy(asc(compactFeedDeliveries.created_at), asc(compactFeedDeliveries.id));
  return { file, deliveries };
}

/** A page of the enterprise's files, newest first, each with its deliveries. */
export async function listCompactFiles(
  db: Db,
  enterpriseId: string,
  currentPage: number,
  numPerPage: number,
) {
  const files = await db
    .select()
    .from(compactFeedFiles)
    .where(eq(compactFeedFiles.enterprise_id, enterpriseId))
    .orderBy(desc(compactFeedFiles.created_at), desc(compactFeedFiles.id))
    .limit(numPerPage)
    .offset((currentPage - 1) * numPerPage);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(compactFeedFiles)
    .where(eq(compactFeedFiles.enterprise_id, enterpriseId));
  const deliveries = files.length
    ? await db
        .select()
        .from(compactFeedDeliveries)
        .where(
          inArray(
            compactFeedDeliveries.file_id,
            files.map((f) => f.id),
          ),
        )
        .orderBy(asc(compactFeedDeliveries.created_at), asc(compactFeedDeliveries.id))
    : [];
  return {
    items: files.map((f) =>
      presentFile(
        f,
        deliveries.filter((d) => d.file_id === f.id),
      ),
    ),
    total: count?.n ?? 0,
  };
}
