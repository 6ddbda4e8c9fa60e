import { Readable } from 'node:stream';
import { type AllowedUploadType, allowedUploadTypes } from '@licensure/contracts';
import { fileTypeFromStream } from 'file-type';
import type { FileStorage } from './storage';

const allowed = (mime: string): AllowedUploadType | undefined =>
  mime in allowedUploadTypes ? (mime as AllowedUploadType) : undefined;

/**
 * The type of a stored file from its bytes, or undefined when it is not one the platform accepts.
 * CSV has no magic number: it counts when the name ends .csv (or `textIsCsv`) and the content is UTF-8 text.
 */
export async function sniffStoredType(
  files: FileStorage,
  key: string,
  name: string,
  textIsCsv = false,
): Promise<AllowedUploadType | undefined> {
  const found = await fileTypeFromStream(Readable.toWeb(await files.get(key)) as ReadableStream<Uint8Array>);
  if (found) return allowed(found.mime);
  if ((textIsCsv || isCsvName(name)) && (await isUtf8Text(await files.get(key)))) return 'text/csv';
  return undefined;
}

const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv');

async function isUtf8Text(chunks: AsyncIterable<unknown>): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (hasControlCharacters(text)) return false;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Control characters other than tab, line feed, form feed and carriage return mean binary content. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return true;
  }
  return false;
}

/** A file name without folders or control characters, at most 255 characters. */
export const cleanFileName = (filename: string, fallback = 'upload') =>
  (filename.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255) || fallback;
