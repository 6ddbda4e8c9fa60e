import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret at rest: AES-256-GCM with a random 12-byte nonce per value, stored as
 * `v1:<nonce>:<tag>:<ciphertext>` (base64 parts). Social security numbers (ssn.ts) and credential signing
 * keys (licensing/credential-signing/key-vault.ts) are sealed this way, each under its own 32-byte key.
 */
const VERSION = 'v1';

export function sealText(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

/** The text `sealText` sealed; `what` names the value in the error of a format it does not know. */
export function openSealedText(key: Buffer, sealed: string, what: string): string {
  const [version, nonce, tag, data] = sealed.split(':');
  if (version !== VERSION || !nonce || !tag || data === undefined) throw new Error(`unknown ${what} format`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
