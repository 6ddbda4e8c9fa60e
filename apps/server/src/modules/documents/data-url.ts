import { badRequest } from '../../platform/http/errors';
import { tooLarge } from './store-file';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/** The bytes of a base64 data URL and the type it declares; 400 or 413 naming `value`. */
export function decodeDataUrl(value: string, maxBytes: number): { content: Buffer; declaredType: string } {
  const comma = value.indexOf(',');
  const header = value.slice(5, comma); // after "data:"
  const payload = value.slice(comma + 1);
  // Each 4 base64 characters hold 3 bytes: refuse before decoding what is certainly too large.
  if (Math.floor((payload.replace(/[\r\n=]/g, '').length * 3) / 4) > maxBytes)
    throw tooLarge('value', maxBytes);
  if (!BASE64.test(payload)) throw badRequest({ value: 'value is not valid base64.' });
  const content = Buffer.from(payload, 'base64');
  if (content.length > maxBytes) throw tooLarge('value', maxBytes);
  if (content.length === 0) throw badRequest({ value: 'The file is empty.' });
  return { content, declaredType: (header.split(';')[0] ?? '').trim().toLowerCase() };
}
