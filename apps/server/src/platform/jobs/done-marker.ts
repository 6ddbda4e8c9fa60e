import { jobDoneMarkers, type Tx } from '@licensure/db';

/**
 * Marks the work named by `key` as done, in the caller's transaction, and says whether this call did
 * it. A job writes the marker in the same transaction as its work and does the work only when this
 * returns true: a job run again (after a crash, a retry or by a second process) then does nothing.
 * A second run while the first is still in its transaction waits on the key, then sees it done.
 */
export async function markJobDone(tx: Tx, key: string, queue: string): Promise<boolean> {
  const rows = await tx
    .insert(jobDoneMarkers)
    .values({ key, queue })
    .onConflictDoNothing({ target: jobDoneMarkers.key })
    .returning({ key: jobDoneMarkers.key });
  return rows.length === 1;
}
