import { describe, expect, it } from 'vitest';
import {
  dataToSign,
  hmacSignature,
  signedDateTime,
  signFields,
  verifySignedFields,
} from './cybersource-sign';

describe('CyberSource Secure Acceptance signer', () => {
  it('matches the independent vectors', () => {
    expect(hmacSignature('FOO', 'foo=bar,baz=bat')).toBe('IVMC7Aj8pDKwLx+0eNfIfoQAHvViiLeavLyYatCtB+c=');
    expect(hmacSignature('KEY', 'field=value')).toBe('DtfdsHBHfTDNtuphHKwwRlSklaBhY5kyiyaFWVp2AsA=');
    expect(dataToSign({ foo: 'bar', baz: 'bat', x: 'y' }, ['foo', 'baz'])).toBe('foo=bar,baz=bat');
  });

  it('lists the signed fields, itself included, and verifies its own signature in any field order', () => {
    const signed = signFields({ amount: '10.00', transaction_uuid: 'abc' }, 'KEY');
    expect(signed.signed_field_names).toBe('amount,transaction_uuid,unsigned_field_names,signed_field_names');
    expect(verifySignedFields(signed, 'KEY')).toBe(true);
    expect(verifySignedFields({ ...signed, amount: '1.00' }, 'KEY')).toBe(false);
    expect(verifySignedFields(signed, 'OTHER')).toBe(false);
    expect(verifySignedFields({ ...signed, signature: '' }, 'KEY')).toBe(false);
    expect(verifySignedFields({ amount: '1' }, 'KEY')).toBe(false);
  });

  it('writes signed_date_time as yyyy-MM-ddTHH:mm:ssZ in UTC', () => {
    expect(signedDateTime(new Date('2026-03-04T05:06:07.891Z'))).toBe('2026-03-04T05:06:07Z');
  });
});
