import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dataToSign,
  hmacSignature,
  isAnswerField,
  signAnswer,
  signedDateTime,
  signRequest,
  UnsignableField,
  verifyAnswer,
  verifyRequest,
} from './cybersource-sign';

const KEY = 'sa-profile-secret-2026';

// Known-answer vectors, computed apart from node's crypto:
//   printf '%s' "$DATA" | openssl dgst -sha256 -hmac "$KEY" -binary | base64
// over strings written as Secure Acceptance documents them (`name=value` joined by commas, in the
// order of signed_field_names).
const answerData =
  'transaction_id=7350123456789012345678,decision=ACCEPT,reason_code=100,' +
  'req_transaction_uuid=5c3a8b52-2f4e-4d8e-9a41-0c6b1f2e7d90,req_reference_number=REF-1001,' +
  'req_amount=45.00,auth_amount=45.00,signed_field_names=transaction_id,decision,reason_code,' +
  'req_transaction_uuid,req_reference_number,req_amount,auth_amount,signed_field_names';
const answerSignature = 'mQznayEGUG6ogdioh7Ms45U8KvJWkdClaNmaLfqc2n8=';
const answer: Record<string, string> = {
  transaction_id: '7350123456789012345678',
  decision: 'ACCEPT',
  reason_code: '100',
  req_transaction_uuid: '5c3a8b52-2f4e-4d8e-9a41-0c6b1f2e7d90',
  req_reference_number: 'REF-1001',
  req_amount: '45.00',
  auth_amount: '45.00',
  signed_field_names:
    'transaction_id,decision,reason_code,req_transaction_uuid,req_reference_number,req_amount,auth_amount,signed_field_names',
  signature: answerSignature,
};

describe('CyberSource Secure Acceptance signer', () => {
  it('matches the independent vectors', () => {
    expect(hmacSignature('FOO', 'foo=bar,baz=bat')).toBe('IVMC7Aj8pDKwLx+0eNfIfoQAHvViiLeavLyYatCtB+c=');
    expect(hmacSignature('KEY', 'field=value')).toBe('DtfdsHBHfTDNtuphHKwwRlSklaBhY5kyiyaFWVp2AsA=');
    expect(dataToSign({ foo: 'bar', baz: 'bat', x: 'y' }, ['foo', 'baz'])).toBe('foo=bar,baz=bat');
    expect(dataToSign(answer, answer.signed_field_names!.split(','))).toBe(answerData);
    expect(hmacSignature(KEY, answerData)).toBe(answerSignature);
    // A request as signRequest writes it, signed by the same recipe.
    const request = signRequest(
      {
        access_key: 'AK1',
        profile_id: 'P1',
        transaction_uuid: '5c3a8b52-2f4e-4d8e-9a41-0c6b1f2e7d90',
        amount: '45.00',
      },
      KEY,
    );
    expect(request.signed_field_names).toBe(
      'access_key,profile_id,transaction_uuid,amount,unsigned_field_names,signed_field_names',
    );
    expect(request.signature).toBe('EhHwnfrPxqHe51KnZMVeN2wyqkHZVZ2+/nF+6CGrazE=');
  });

  it('lists the signed fields, itself included, and verifies its own request in any field order', () => {
    const signed = signRequest({ amount: '10.00', transaction_uuid: 'abc' }, 'KEY');
    expect(signed.signed_field_names).toBe('amount,transaction_uuid,unsigned_field_names,signed_field_names');
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    expect(verifyRequest(reordered, 'KEY')).toMatchObject({ amount: '10.00', transaction_uuid: 'abc' });
    expect(verifyRequest({ ...signed, amount: '1.00' }, 'KEY')).toBeNull();
    expect(verifyRequest(signed, 'OTHER')).toBeNull();
    expect(verifyRequest({ ...signed, signature: '' }, 'KEY')).toBeNull();
    expect(verifyRequest({ amount: '1' }, 'KEY')).toBeNull();
    // Unsigned extras are never part of what verified.
    expect(verifyRequest({ ...signed, decision: 'ACCEPT' }, 'KEY')).not.toHaveProperty('decision');
  });

  it('trusts an answer only when every acted-on field is signed, and keeps only the signed ones', () => {
    const { signature: _signature, ...signedOnly } = answer;
    expect(verifyAnswer(answer, KEY)).toEqual(signedOnly);
    expect(verifyAnswer({ ...answer, bill_to_email: 'x@example.org' }, KEY)).not.toHaveProperty(
      'bill_to_email',
    );
    expect(verifyAnswer({ ...answer, req_amount: '0.01' }, KEY)).toBeNull();
    for (const field of [
      'decision',
      'reason_code',
      'req_transaction_uuid',
      'req_reference_number',
      'req_amount',
      'transaction_id',
    ]) {
      // Properly signed, but with this field left out of signed_field_names (sent unsigned).
      const names = answer.signed_field_names!.split(',').filter((n) => n !== field);
      const partial = { ...answer, signed_field_names: names.join(',') };
      const resigned = { ...partial, signature: hmacSignature(KEY, dataToSign(partial, names)) };
      expect(verifyAnswer(resigned, KEY), field).toBeNull();
    }
    // A declined answer needs no transaction_id; a listed name that is not a field name is refused.
    const declined = signAnswer(
      {
        decision: 'DECLINE',
        reason_code: '481',
        req_transaction_uuid: 'u',
        req_reference_number: 'r',
        req_amount: '1.00',
      },
      KEY,
    );
    expect(verifyAnswer(declined, KEY)).toMatchObject({ decision: 'DECLINE' });
    const odd = { ...answer, signed_field_names: `${answer.signed_field_names},Bad Name` };
    const oddSigned = {
      ...odd,
      signature: hmacSignature(KEY, dataToSign(odd, odd.signed_field_names.split(','))),
    };
    expect(verifyAnswer(oddSigned, KEY)).toBeNull();
  });

  it('never signs a request holding an answer field or a separator', () => {
    for (const name of ['decision', 'reason_code', 'transaction_id', 'req_amount', 'auth_amount', 'message'])
      expect(() => signRequest({ amount: '1.00', [name]: 'x' }, KEY)).toThrow(UnsignableField);
    for (const value of ['a,b', 'a=b', 'x,decision=ACCEPT'])
      expect(() => signRequest({ bill_to_forename: value }, KEY)).toThrow(UnsignableField);
    expect(() => signRequest({ 'Bad name': 'x' }, KEY)).toThrow(UnsignableField);
    expect(() => signAnswer({ decision: 'ACCEPT', message: 'a,b' }, KEY)).toThrow(UnsignableField);
  });

  it('writes signed_date_time as yyyy-MM-ddTHH:mm:ssZ in UTC', () => {
    expect(signedDateTime(new Date('2026-03-04T05:06:07.891Z'))).toBe('2026-03-04T05:06:07Z');
  });
});

/**
 * Every way of reading a signed string back as fields: the comma-separated segments grouped in
 * order, each group naming a field by what comes before its first `=`. The signature of the string
 * covers each of these readings whose signed_field_names lists its names. (Bounded: a string of
 * separator-free values has a few hundred at most; one holding separators can have far more.)
 */
function readings(data: string, budget = 20_000): Record<string, string>[] {
  const segments = data.split(',');
  const out: Record<string, string>[] = [];
  let steps = 0;
  const walk = (at: number, fields: [string, string][]) => {
    steps += 1;
    if (steps > budget) return;
    if (at === segments.length) {
      const names = fields.map(([n]) => n);
      const dict = Object.fromEntries(fields);
      if (new Set(names).size === names.length && dict.signed_field_names === names.join(',')) out.push(dict);
      return;
    }
    const first = segments[at] ?? '';
    const eq = first.indexOf('=');
    if (eq <= 0) return;
    for (let end = at + 1; end <= segments.length; end++) {
      const value = [first.slice(eq + 1), ...segments.slice(at + 1, end)].join(',');
      walk(end, [...fields, [first.slice(0, eq), value]]);
    }
  };
  walk(0, []);
  return out;
}

describe('no field set the product signs verifies as an answer (property)', () => {
  const answerNames = ['decision', 'reason_code', 'transaction_id', 'req_amount', 'auth_amount', 'message'];
  const name = fc.oneof(
    fc.constantFrom(...answerNames, 'signed_field_names', 'unsigned_field_names', 'signature'),
    fc.constantFrom('amount', 'currency', 'transaction_uuid', 'reference_number', 'bill_to_forename'),
    fc.stringMatching(/^[a-z0-9_]{1,12}$/),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('ACCEPT', '100', '', '30.00'),
    fc
      .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...answerNames), fc.string({ maxLength: 6 }))
      .map(([a, n, b]) => `${a},${n}=${b}`),
    fc.constantFrom(
      'x,decision=ACCEPT,reason_code=100,transaction_id=T,req_transaction_uuid=u,req_reference_number=r,req_amount=1.00,signed_field_names=bill_to_forename,decision,reason_code,transaction_id,req_transaction_uuid,req_reference_number,req_amount,signed_field_names,message,message=m',
    ),
  );
  const fieldSet = fc.dictionary(name, value, { maxKeys: 6 });

  it('the signer refuses it, or none of its readings is an answer', () => {
    fc.assert(
      fc.property(fieldSet, (fields) => {
        let signed: Record<string, string>;
        try {
          signed = signRequest(fields, KEY);
        } catch (e) {
          // Refused only for a reason: a bad name, an answer field, or a separator in a value.
          expect(e).toBeInstanceOf(UnsignableField);
          const field = (e as UnsignableField).field;
          const v = fields[field] ?? '';
          expect(!/^[a-z0-9_]{1,64}$/.test(field) || isAnswerField(field) || /[,=]/.test(v)).toBe(true);
          return;
        }
        expect(verifyRequest(signed, KEY)).not.toBeNull();
        expect(verifyAnswer(signed, KEY)).toBeNull();
        const data = dataToSign(signed, (signed.signed_field_names ?? '').split(','));
        const all = readings(data);
        expect(all.length).toBeGreaterThan(0); // the reading the signer meant is among them
        for (const reading of all)
          expect(verifyAnswer({ ...reading, signature: signed.signature ?? '' }, KEY)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('a value holding separators, had it been signed, would be read back as an answer', () => {
    // Why the separators are refused: the same signature covers the re-split reading.
    const injected =
      'x,decision=ACCEPT,reason_code=100,transaction_id=T,req_transaction_uuid=u,req_reference_number=r,' +
      'req_amount=1.00,signed_field_names=bill_to_forename,decision,reason_code,transaction_id,' +
      'req_transaction_uuid,req_reference_number,req_amount,signed_field_names,message,message=m';
    const names = ['bill_to_forename', 'unsigned_field_names', 'signed_field_names'];
    const raw = { bill_to_forename: injected, unsigned_field_names: '', signed_field_names: names.join(',') };
    const data = dataToSign(raw, names);
    const signature = hmacSignature(KEY, data);
    const forged = readings(data).find((r) => r.decision === 'ACCEPT');
    expect(forged).toBeDefined();
    expect(verifyAnswer({ ...forged, signature }, KEY)).toMatchObject({
      decision: 'ACCEPT',
      req_amount: '1.00',
    });
  });
});
