import { compactFeedDeliveries, enterprises } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliverCompactFile, makeCompactFile } from './feed-files';
import { compactTransportOf } from './transports';

export const COMPACT_FEED_QUEUE = 'ems-compact-feed-daily';

/**
 * The daily run: each enterprise's file of the day is written once (a retried or second run finds it) and
 * delivered unless a delivery of it already went through.
 */
export async function runCompactFeed(app: FastifyInstance, now = new Date()): Promise<number> {
  const { db } = app.deps.database;
  const transport = compactTransportOf(app.deps.config);
  const fileDate = now.toISOString().slice(0, 10);
  let delivered = 0;
  for (const { id } of await db.select({ id: enterprises.id }).from(enterprises)) {
    const actor = { userId: null, enterpriseId: id };
    const { file } = await makeCompactFile(db, actor, fileDate, 'schedule');
    const earlier = await db
      .select({ status: compactFeedDeliveries.status })
      .from(compactFeedDeliveries)
      .where(eq(compactFeedDeliveries.file_id, file.id));
    if (earlier.some((d) => d.status === 'delivered')) continue;
    const row = await deliverCompactFile(db, actor, transport, file);
    if (row.status === 'delivered') delivered++;
    else app.log.warn({ fileId: file.id, detail: row.detail }, 'EMS Compact file not delivered');
  }
  return delivered;
}

export async function registerCompactFeedJob(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  await jobs.createQueue(COMPACT_FEED_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 3600 });
  await jobs.work(COMPACT_FEED_QUEUE, async () => {
    const n = await runCompactFeed(app);
    app.log.info({ part: 'compact', delivered: n }, 'EMS Compact files written');
  });
  jobs.onStart(() => jobs.schedule(COMPACT_FEED_QUEUE, '45 1 * * *', {}));
}
