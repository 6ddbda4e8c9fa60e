import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface CopiedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** Every file under `from` (recursively, sorted), its relative path with forward slashes. */
export async function listFiles(from: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      // A half-written upload (`.part`) is not a file yet.
      else if (e.isFile() && !e.name.endsWith('.part'))
        out.push(path.relative(from, full).split(path.sep).join('/'));
    }
  }
  await walk(from);
  return out;
}

/** Copies one file as a stream, hashing what it copies. */
export async function copyHashed(source: string, target: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    createReadStream(source),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(target),
  );
  return { bytes, sha256: hash.digest('hex') };
}

/** Copies the uploaded files (DATA_DIR/files) under `to`, each with its size and checksum. */
export async function copyUploads(from: string, to: string): Promise<CopiedFile[]> {
  const copied: CopiedFile[] = [];
  for (const rel of await listFiles(from)) {
    const r = await copyHashed(path.join(from, rel), path.join(to, rel));
    copied.push({ path: rel, ...r });
  }
  return copied;
}
