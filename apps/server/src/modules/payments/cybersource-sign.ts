import { createHmac, timingSafeEqual } from 'node:crypto';

/** base64(HMAC-SHA256(key, data)): the signature CyberSource Secure Acceptance documents. */
export const hmacSignature = (secretKey: string, data: string): string =>
  createHmac('sha256', secretKey).update(data, 'utf8').digest('base64');

/** The string a signature covers: `name=value` of each signed field, in the listed order, joined by commas. */
export function dataToSign(fields: Record<string, string>, signedNames: readonly string[]): string {
  return signedNames.map((name) => `${name}=${fields[name] ?? ''}`).join(',');
}

/** `yyyy-MM-ddTHH:mm:ssZ` in UTC, as signed_date_time must be. */
export const signedDateTime = (at = new Date()): string => `${at.toISOString().slice(0, 19)}Z`;

/**
 * Signs a Secure Acceptance request: every field is signed, `signed_field_names` lists them (itself
 * included) and `unsigned_field_names` is empty; the answer carries the `signature`.
 */
export function signFields(fields: Record<string, string>, secretKey: string): Record<string, string> {
  const { signature: _ignored, ...rest } = fields;
  const names = Object.keys(rest).filter((n) => n !== 'signed_field_names' && n !== 'unsigned_field_names');
  const all = [...names, 'unsigned_field_names', 'signed_field_names'];
  const signed = { ...rest, unsigned_field_names: '', signed_field_names: all.join(',') };
  return { ...signed, signature: hmacSignature(secretKey, dataToSign(signed, all)) };
}

/**
 * Checks a gateway's answer: recomputes the signature over the answer's own `signed_field_names`
 * and compares in constant time. False when fields or signature are missing.
 */
export function verifySignedFields(fields: Record<string, string>, secretKey: string): boolean {
  const names = (fields.signed_field_names ?? '').split(',').filter((n) => n !== '');
  const given = fields.signature;
  if (names.length === 0 || !given || !names.includes('signed_field_names')) return false;
  const expected = Buffer.from(hmacSignature(secretKey, dataToSign(fields, names)), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
