import type { Readable } from 'node:stream';
import { type AllowedUploadType, messageTypeNotAccepted } from '@licensure/contracts';
import { sniffStoredType } from '../../platform/files/sniff';
import { type FileStorage, FileTooLargeError, type StoredFile } from '../../platform/files/storage';
import { AppError, badRequest } from '../../platform/http/errors';

export interface CheckedFile extends StoredFile {
  mime: AllowedUploadType;
}

export const tooLarge = (field: string, maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than the limit of ${describeBytes(maxBytes)}.`, {
    [field]: `The file is larger than the limit of ${describeBytes(maxBytes)}.`,
  });

export function describeBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}

/**
 * Stores a file under a random name, refusing it (and keeping nothing) when it is larger than
 * maxBytes (413), empty, or of a type not allowed judged from its content (400); both name `field`.
 */
export async function storeCheckedFile(
  files: FileStorage,
  source: Readable | Buffer,
  options: { maxBytes: number; name: string; field: string; textIsCsv?: boolean; truncated?: () => boolean },
): Promise<CheckedFile> {
  let stored: StoredFile;
  try {
    stored = await files.put(source, { maxBytes: options.maxBytes });
  } catch (err) {
    if (err instanceof FileTooLargeError || (err as { statusCode?: number }).statusCode === 413)
      throw tooLarge(options.field, options.maxBytes);
    throw err;
  }
  if (options.truncated?.()) {
    await files.delete(stored.key);
    throw tooLarge(options.field, options.maxBytes);
  }
  const mime =
    stored.sizeBytes === 0
      ? undefined
      : await sniffStoredType(files, stored.key, options.name, options.textIsCsv);
  if (!mime) {
    await files.delete(stored.key);
    throw badRequest({
      [options.field]: stored.sizeBytes === 0 ? 'The file is empty.' : messageTypeNotAccepted,
    });
  }
  return { ...stored, mime };
}
