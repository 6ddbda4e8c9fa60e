import { hkdfSync } from 'node:crypto';
import { openSealedText, sealText } from '../../../platform/crypto/seal';

/**
 * Signing keys' private parts at rest, sealed the way social security numbers are (platform/crypto/seal.ts:
 * AES-256-GCM, `v1:<nonce>:<tag>:<ciphertext>`). The key is derived
 * from SSN_KEY with HKDF under its own label, so one configured secret (kept the same on every server and
 * with the backups) protects both, and a key for one purpose is never used for the other.
 */
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
  return sealText(sealingKey(ssnKey), plain);
}

export function openPrivateKey(ssnKey: string | undefined, sealed: string): string {
  return openSealedText(sealingKey(ssnKey), sealed, 'sealed signing key');
}
