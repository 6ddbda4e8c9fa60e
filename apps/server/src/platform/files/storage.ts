import type { Readable } from 'node:stream';

/** The result of storing a file: its key (a random name) and what was measured while writing it. */
export interface StoredFile {
  key: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Where uploaded files live. Keys are opaque random names chosen by the storage; callers keep them
 * (documents.storage_key) and never build paths from user input.
 */
export interface FileStorage {
  /** Stores a stream or a buffer. With `maxBytes`, a larger input is refused with FileTooLargeError. */
  put(data: Readable | Buffer, options?: { maxBytes?: number }): Promise<StoredFile>;
  /** The content of a stored file; throws FileNotFoundError when the key is unknown. */
  get(key: string): Promise<Readable>;
  /** Removes a file; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${key}.`);
  }
}
