import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import yazl from 'yazl';

const inflate = promisify(inflateRaw);

/** Hard limits for unpacking an uploaded zip (xlsx, docx, zip): applied before any byte is inflated. */
export interface ArchiveLimits {
  maxEntries: number;
  /** Largest uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry larger than 1 MB (real spreadsheets: about 5-20). */
  maxRatio: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: 500,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

/** The archive is refused; the message may be shown to the uploader. */
export class ArchiveRefusedError extends Error {}

export interface ArchiveEntry {
  name: string;
  content: Buffer;
}

const refuse = (why: string) => new ArchiveRefusedError(why);

/**
 * Unpacks a zip held in memory under the limits. Sizes are read from the central directory and
 * checked before inflating; each entry is then inflated with an output cap of its declared size, so a
 * header that lies cannot make it larger. Zip64, encryption and methods other than store and deflate
 * are refused (no spreadsheet needs them).
 */
export async function unpackZip(
  zip: Buffer,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<ArchiveEntry[]> {
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw refuse('The file is a zip64 archive.');
  if (count > limits.maxEntries) throw refuse(`The file holds more than ${limits.maxEntries} parts.`);
  const headers: { name: string; method: number; compressed: number; size: number; local: number }[] = [];
  let p = cdOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50)
      throw refuse('The file is not a valid zip.');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extra + comment;
    if (flags & 1) throw refuse('The file is encrypted.');
    if (method !== 0 && method !== 8) throw refuse('The file uses an unsupported compression method.');
    if (size > limits.maxEntryBytes)
      throw refuse(`A part of the file unpacks to more than ${limits.maxEntryBytes / (1024 * 1024)} MB.`);
    if (size > 1024 * 1024 && size > compressed * limits.maxRatio)
      throw refuse('A part of the file is compressed too much to be a real spreadsheet (a zip bomb).');
    total += size;
    if (total > limits.maxTotalBytes)
      throw refuse(`The file unpacks to more than ${limits.maxTotalBytes / (1024 * 1024)} MB.`);
    headers.push({ name, method, compressed, size, local });
  }
  const entries: ArchiveEntry[] = [];
  for (const h of headers) {
    if (h.local + 30 > zip.length || zip.readUInt32LE(h.local) !== 0x04034b50)
      throw refuse('The file is not a valid zip.');
    const start = h.local + 30 + zip.readUInt16LE(h.local + 26) + zip.readUInt16LE(h.local + 28);
    if (start + h.compressed > zip.length) throw refuse('The file is not a valid zip.');
    const data = zip.subarray(start, start + h.compressed);
    let content: Buffer;
    if (h.method === 0) content = Buffer.from(data);
    else {
      try {
        // One byte over the declared size is enough to know the header lied.
        content = await inflate(data, { maxOutputLength: h.size + 1 });
      } catch {
        throw refuse('A part of the file is damaged or larger than it says.');
      }
    }
    if (content.length !== h.size) throw refuse('A part of the file is damaged or larger than it says.');
    entries.push({ name: h.name, content });
  }
  return entries;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= stop; i--) if (zip.readUInt32LE(i) === 0x06054b50) return i;
  throw refuse('The file is not a valid zip.');
}

/**
 * The checked entries as a new zip (stored, not compressed) for readers that take a zip stream, such
 * as exceljs: what they read is exactly what was checked, never a hidden entry of the original.
 */
export function repackZip(entries: ArchiveEntry[]): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  for (const e of entries) if (!e.name.endsWith('/')) zip.addBuffer(e.content, e.name, { compress: false });
  zip.end();
  return zip.outputStream;
}
