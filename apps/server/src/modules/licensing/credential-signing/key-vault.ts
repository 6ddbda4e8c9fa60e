import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Signing keys' private parts at rest, sealed the way social security numbers are (platform/crypto/ssn.ts):
 * AES-256-GCM with a random 12-byte nonce, stored as `v1:<nonce>:<tag>:<ciphertext>`. The key is derived
 * from SSN_KEY with HKDF under its own label, so one configured secret (kept the same on every server and
 * with the backups) protects both, and a key for one purpose is never used for the other.
 */
const VERSION = 'v1';
const LABEL = 'licensure credential signing keys v1';

/** Signing is not possible: no SSN_KEY is configured (main.ts always sets one; bare test servers may not). */
export class SigningKeyUnavailableError extends Error {
  constructor() {
    super('SSN_KEY is not configured: credential signing keys cannot be stored or read.');
  }
}

function sealingKey(ssnKey: string | undefined): Buffer {
  if (!ssnKey) throw new SigningKeyUnavailableError();
  const ikm = Buffer.from(ssnKey, 'base64');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), LABEL, 32));
}

export const canSeal = (ssnKey: string | undefined) => !!ssnKey;

/** Said (409) to a request that needs signing on a server without SSN_KEY: its state, not the request, is wrong. */
export const signingNotConfigured = 'Credential signing is not configured on this server (it needs SSN_KEY).';

export function sealPrivateKey(ssnKey: string | undefined, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(ssnKey), nonce);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

export function openPrivateKey(ssnKey: string | undefined, sealed: string): string {
  const [version, nonce, tag, data] = sealed.split(':');
  if (version !== VERSION || !nonce || !tag || data === undefined)
    throw new Error('unknown sealed signing key format');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(ssnKey), Buffer.from(nonce, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
