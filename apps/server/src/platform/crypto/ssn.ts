import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openSealedText, sealText } from './seal';

/**
 * Social security numbers at rest, sealed (seal.ts: AES-256-GCM, `v1:<nonce>:<tag>:<ciphertext>`) under
 * the key of config SSN_KEY (base64, 32 bytes).
 */

export class SsnKeyMissingError extends Error {
  constructor() {
    super('SSN_KEY is not configured: social security numbers cannot be stored or read.');
  }
}

function keyOf(base64Key: string | undefined): Buffer {
  if (!base64Key) throw new SsnKeyMissingError();
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('SSN_KEY must be base64 of 32 bytes');
  return key;
}

/** The digits of an SSN (any dashes or spaces dropped). */
export const ssnDigits = (ssn: string) => ssn.replace(/\D/g, '');

export function encryptSsn(base64Key: string | undefined, ssn: string): string {
  return sealText(keyOf(base64Key), ssnDigits(ssn));
}

export function decryptSsn(base64Key: string | undefined, stored: string): string {
  return openSealedText(keyOf(base64Key), stored, 'SSN ciphertext');
}

/** Whether a stored SSN equals the given one, compared in constant time. */
export function ssnMatches(base64Key: string | undefined, stored: string, candidate: string): boolean {
  const a = Buffer.from(decryptSsn(base64Key, stored));
  const b = Buffer.from(ssnDigits(candidate));
  return a.length === b.length && timingSafeEqual(a, b);
}

export const maskSsn = (last4: string | null | undefined) => (last4 ? `***-**-${last4}` : null);
export const formatSsn = (digits: string) =>
  digits.length === 9 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : digits;

export class SsnKeyRefusedError extends Error {}

/**
 * The SSN key for this process. A configured SSN_KEY wins. Otherwise the key lives in DATA_DIR/ssn.key,
 * generated on first start; with DATABASE_URL in production there is no such fallback, because a key
 * kept on one server's disk would not be shared by the others and would be lost with that machine.
 */
export async function ensureSsnKey(config: {
  SSN_KEY?: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  NODE_ENV: string;
}): Promise<{ key: string; generated: boolean; file?: string }> {
  if (config.SSN_KEY) return { key: config.SSN_KEY, generated: false };
  if (config.DATABASE_URL && config.NODE_ENV === 'production')
    throw new SsnKeyRefusedError(
      'SSN_KEY is required with DATABASE_URL in production: set it to base64 of 32 random bytes ' +
        '(e.g. `openssl rand -base64 32`), the same on every server, and keep a copy with your backups.',
    );
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, 'ssn.key');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    keyOf(existing);
    return { key: existing, generated: false, file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return { key, generated: true, file };
}
