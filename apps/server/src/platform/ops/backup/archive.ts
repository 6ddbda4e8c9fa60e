import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup file: gzip of [header length (4 bytes, big-endian)][header JSON][each entry's bytes in
 * order]. The header lists the entries with their sizes, so a reader needs no index at the end, and
 * the writer streams: nothing but the entry being copied is held in memory (the database dump aside).
 */
export interface ArchiveHeader {
  format: 'licensure-backup-1';
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The last migration of the code that made it. */
  schema: string;
  entries: { name: string; size: number }[];
}

export type EntrySource = { name: string; size: number } & ({ bytes: Uint8Array } | { file: string });

export async function writeArchive(
  header: Omit<ArchiveHeader, 'entries'>,
  entries: EntrySource[],
  out: Writable,
): Promise<void> {
  const json = Buffer.from(
    JSON.stringify({ ...header, entries: entries.map(({ name, size }) => ({ name, size })) }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  async function* parts() {
    yield length;
    yield json;
    for (const e of entries) {
      if ('bytes' in e) yield e.bytes;
      else {
        let copied = 0;
        for await (const chunk of createReadStream(e.file)) {
          copied += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        if (copied !== e.size) throw new Error(`${e.name} changed while it was backed up`);
      }
    }
  }
  await pipeline(Readable.from(parts()), createGzip(), out);
}

/** Reads a backup file, writing each entry to `target(name)` (a path) as it streams by. */
export async function readArchive(file: string, target: (name: string) => string): Promise<ArchiveHeader> {
  let buffer: Buffer = Buffer.alloc(0);
  let header: ArchiveHeader | undefined;
  let index = 0;
  let current: { out: import('node:fs').WriteStream; left: number } | undefined;
  const openNext = async () => {
    while (header && index < header.entries.length && !current) {
      const entry = header.entries[index]!;
      const to = target(entry.name);
      await mkdir(path.dirname(to), { recursive: true });
      current = { out: createWriteStream(to), left: entry.size };
      if (entry.size === 0) await closeCurrent();
    }
  };
  const closeCurrent = async () => {
    const c = current!;
    current = undefined;
    index++;
    await new Promise<void>((resolve, reject) =>
      c.out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
  };
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk as Buffer]) : (chunk as Buffer);
    if (!header) {
      if (buffer.length < 4) continue;
      const length = buffer.readUInt32BE(0);
      if (buffer.length < 4 + length) continue;
      header = JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')) as ArchiveHeader;
      if (header.format !== 'licensure-backup-1') throw new Error('not a Licensure backup file');
      buffer = buffer.subarray(4 + length);
      await openNext();
    }
    while (current && buffer.length) {
      const take = Math.min(current.left, buffer.length);
      const piece = buffer.subarray(0, take);
      buffer = buffer.subarray(take);
      current.left -= take;
      if (!current.out.write(piece)) await new Promise<void>((r) => current!.out.once('drain', () => r()));
      if (current.left === 0) {
        await closeCurrent();
        await openNext();
      }
    }
  }
  if (!header) throw new Error('not a Licensure backup file (no header)');
  if (current || index < header.entries.length) throw new Error('the backup file is truncated');
  return header;
}
