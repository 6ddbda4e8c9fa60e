import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a second holder of the same folder until the first lets go', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'lock-')), 'data');
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another server process/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
