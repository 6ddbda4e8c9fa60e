import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {}

/**
 * Holds a lock on the embedded database folder. PGlite does not lock it itself, and two processes on
 * one folder silently lose writes; a second server on the same folder must stop instead.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '.server.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') {
      throw new DataDirInUseError(
        `The data folder ${dir} is in use by another server process. Stop that process, or give this one its own DATA_DIR.`,
      );
    }
    throw err;
  }
}
