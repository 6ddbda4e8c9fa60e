import { createHash } from 'node:crypto';
import { publicAttachmentMessages } from '@licensure/contracts';
import { type Db, publicUploadUsage, type Tx } from '@licensure/db';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/errors';

/** The row of a day that counts every address together. */
const ALL = '*';
/** Days of counts kept (today and yesterday, whatever the server's time zone). */
const KEEP_DAYS = 2;

type Limits = Pick<Config, 'PUBLIC_UPLOAD_ADDRESS_DAILY_BYTES' | 'PUBLIC_UPLOAD_DAILY_BYTES'>;

const today = () => new Date().toISOString().slice(0, 10);
/** Addresses are counted by a hash: the table says how much came from where, never who sent it. */
const addressKey = (ip: string) => createHash('sha256').update(`public-upload:${ip}`).digest('hex');

const quotaError = (which: 'address' | 'all') =>
  new AppError(
    'quota_exceeded',
    which === 'address' ? publicAttachmentMessages.addressQuota : publicAttachmentMessages.dailyQuota,
    {
      documents:
        which === 'address' ? publicAttachmentMessages.addressQuota : publicAttachmentMessages.dailyQuota,
    },
  );

/**
 * Refuses (429 quota_exceeded naming documents) an anonymous upload of `bytes` that would pass the
 * day's quota of its address or of every address, before any file is stored. A read only: two requests
 * at once may both pass here; takeUploadQuota decides between them.
 */
export async function checkUploadQuota(db: Db | Tx, limits: Limits, ip: string, bytes: number) {
  if (bytes === 0) return;
  const rows = await db
    .select({ address: publicUploadUsage.address, bytes: publicUploadUsage.bytes })
    .from(publicUploadUsage)
    .where(
      and(eq(publicUploadUsage.day, today()), inArray(publicUploadUsage.address, [addressKey(ip), ALL])),
    );
  const used = (key: string) => rows.find((r) => r.address === key)?.bytes ?? 0;
  if (used(addressKey(ip)) + bytes > limits.PUBLIC_UPLOAD_ADDRESS_DAILY_BYTES) throw quotaError('address');
  if (used(ALL) + bytes > limits.PUBLIC_UPLOAD_DAILY_BYTES) throw quotaError('all');
}

/**
 * Counts an anonymous upload against the day's quotas inside the transaction that records it; throws
 * (and so rolls the transaction back) when that passes a quota. The increments lock the two rows, so
 * that concurrent uploads cannot pass a quota together.
 */
export async function takeUploadQuota(tx: Tx, limits: Limits, ip: string, bytes: number, files: number) {
  if (files === 0) return;
  const day = today();
  const add = async (address: string) => {
    const [row] = await tx
      .insert(publicUploadUsage)
      .values({ day, address, bytes, files })
      .onConflictDoUpdate({
        target: [publicUploadUsage.day, publicUploadUsage.address],
        set: {
          bytes: sql`${publicUploadUsage.bytes} + excluded.bytes`,
          files: sql`${publicUploadUsage.files} + excluded.files`,
        },
      })
      .returning({ bytes: publicUploadUsage.bytes });
    return row?.bytes ?? bytes;
  };
  if ((await add(addressKey(ip))) > limits.PUBLIC_UPLOAD_ADDRESS_DAILY_BYTES) throw quotaError('address');
  if ((await add(ALL)) > limits.PUBLIC_UPLOAD_DAILY_BYTES) throw quotaError('all');
  const oldest = new Date(Date.now() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
  await tx.delete(publicUploadUsage).where(lt(publicUploadUsage.day, oldest));
}
