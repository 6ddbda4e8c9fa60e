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

/** Field names as Secure Acceptance writes them. */
const fieldName = /^[a-z0-9_]{1,64}$/;

/**
 * The characters that join the signed string. A value holding one could be read back as other fields
 * (`x,decision=ACCEPT,...`), so nothing the product signs holds one.
 */
export const hasSeparator = (value: string) => /[,=]/.test(value);

/** Fields only a gateway's answer carries: its decision and what it echoes of the request. */
export const isAnswerField = (name: string) =>
  ['decision', 'reason_code', 'transaction_id', 'message', 'invalid_fields', 'required_fields'].includes(
    name,
  ) ||
  name.startsWith('req_') ||
  name.startsWith('auth_');

/** The answer fields the product acts on: an answer is trusted only when each is signed. */
export const actedOnAnswerFields = [
  'decision',
  'reason_code',
  'req_transaction_uuid',
  'req_reference_number',
  'req_amount',
] as const;

/** A field the signer refuses (a programming error when the product built it: the routes check first). */
export class UnsignableField extends Error {
  constructor(readonly field: string) {
    super(`the field ${field} cannot be signed`);
  }
}

const signatureNames = new Set(['signature', 'signed_field_names', 'unsigned_field_names']);

function sign(fields: Record<string, string>, secretKey: string, kind: 'request' | 'answer') {
  const names = Object.keys(fields).filter((n) => !signatureNames.has(n));
  for (const name of names)
    if (
      !fieldName.test(name) ||
      hasSeparator(fields[name] ?? '') ||
      (kind === 'request' && isAnswerField(name))
    )
      throw new UnsignableField(name);
  const all = [...names, 'unsigned_field_names', 'signed_field_names'];
  const signed = {
    ...Object.fromEntries(names.map((n) => [n, fields[n] ?? ''])),
    unsigned_field_names: '',
    signed_field_names: all.join(','),
  };
  return { ...signed, signature: hmacSignature(secretKey, dataToSign(signed, all)) };
}

/**
 * Signs a Secure Acceptance request: every field is signed, `signed_field_names` lists them (itself
 * included) and `unsigned_field_names` is empty. Refuses a field that only an answer carries and any
 * value holding a separator, so that no request the product signs ever verifies as an answer.
 */
export const signRequest = (fields: Record<string, string>, secretKey: string): Record<string, string> =>
  sign(fields, secretKey, 'request');

/** Signs an answer, as the gateway does (the local test gateway only); separators are refused too. */
export const signAnswer = (fields: Record<string, string>, secretKey: string): Record<string, string> =>
  sign(fields, secretKey, 'answer');

/**
 * The signed part of a form: the signature is recomputed over the form's own `signed_field_names`
 * (well-formed names, each once, itself included) and compared in constant time. Null when it does not
 * verify; the unsigned fields are left out, so nothing unsigned is ever acted on.
 */
function signedPart(fields: Record<string, string>, secretKey: string): Record<string, string> | null {
  const names = (fields.signed_field_names ?? '').split(',');
  const given = fields.signature;
  if (
    !given ||
    !names.includes('signed_field_names') ||
    names.some((n) => !fieldName.test(n)) ||
    new Set(names).size !== names.length
  )
    return null;
  const expected = Buffer.from(hmacSignature(secretKey, dataToSign(fields, names)), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return Object.fromEntries(names.map((n) => [n, fields[n] ?? '']));
}

/** A signed request (what the hosted page receives): its signed fields, none of them an answer's. */
export function verifyRequest(
  fields: Record<string, string>,
  secretKey: string,
): Record<string, string> | null {
  const signed = signedPart(fields, secretKey);
  return signed && !Object.keys(signed).some(isAnswerField) ? signed : null;
}

/**
 * A gateway's signed answer: its signed fields, only when every field the product acts on is among
 * them (decision, reason_code, req_transaction_uuid, req_reference_number, req_amount, and
 * transaction_id when accepted). A request form never carries decision or reason_code, so a signed
 * request never verifies as an answer.
 */
export function verifyAnswer(
  fields: Record<string, string>,
  secretKey: string,
): Record<string, string> | null {
  const signed = signedPart(fields, secretKey);
  if (!signed || actedOnAnswerFields.some((n) => !(n in signed))) return null;
  if (signed.decision?.toUpperCase() === 'ACCEPT' && !('transaction_id' in signed)) return null;
  return signed;
}
