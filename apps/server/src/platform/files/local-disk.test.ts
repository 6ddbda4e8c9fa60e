import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { FileNotFoundError, type FileStorage, FileTooLargeError } from './storage';

let root: string;
let files: FileStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'licensure-disk-'));
  files = createLocalDiskStorage(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const read = async (key: string) => Buffer.concat(await (await files.get(key)).toArray());

describe('local disk file storage', () => {
  it('puts buffers and streams under random keys, measures them, gets and deletes them', async () => {
    const a = await files.put(Buffer.from('hello'));
    const b = await files.put(Readable.from([Buffer.from('hel'), Buffer.from('lo')]));
    expect(a.key).not.toBe(b.key);
    expect(a).toMatchObject({
      sizeBytes: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(b.sha256).toBe(a.sha256);
    expect((await read(b.key)).toString()).toBe('hello');
    await files.delete(a.key);
    await expect(files.get(a.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await files.delete(a.key);
  });

  it('refuses keys that are not its own names (no path traversal)', async () => {
    await expect(files.get('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(files.delete('../x')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses input above maxBytes and leaves no partial file', async () => {
    const before = (await readdir(root, { recursive: true })).length;
    await expect(files.put(Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    const after = await readdir(root, { recursive: true });
    expect(after.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(after.length).toBeLessThanOrEqual(before + 1);
  });
});
