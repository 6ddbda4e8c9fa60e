import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, type FileStorage, FileTooLargeError, type StoredFile } from './storage';

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/**
 * Files on local disk under `root` (DATA_DIR/files), each under a random name in a folder of its
 * first two hex digits. Writes go to a temporary name and are renamed into place when complete.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new FileNotFoundError(key);
    return path.join(root, key);
  };

  return {
    async put(data, options = {}): Promise<StoredFile> {
      const name = randomBytes(16).toString('hex');
      const key = `${name.slice(0, 2)}/${name}`;
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (options.maxBytes !== undefined && size > options.maxBytes)
            return done(new FileTooLargeError(options.maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      const temp = `${target}.part`;
      try {
        await pipeline(source, measure, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { key, sizeBytes: size, sha256: hash.digest('hex') };
    },

    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        throw new FileNotFoundError(key);
      }
      return createReadStream(file);
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
