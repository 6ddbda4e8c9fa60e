import { apiErrorBody } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsOf, isUnreachable, networkError, parseApiError } from './errors';

describe('parseApiError', () => {
  it('reads the error body of the API', () => {
    const error = parseApiError(409, {
      error: {
        code: 'conflict',
        message: 'Label is taken',
        fields: { label: 'An alert type with this label exists' },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Label is taken' });
    expect(error.fields).toEqual({ label: 'An alert type with this label exists' });
  });

  it('falls back to a message by status when the body is not the API shape', () => {
    expect(parseApiError(429, '<html>Too many</html>')).toMatchObject({ code: 'rate_limited' });
    expect(parseApiError(500, undefined)).toMatchObject({ code: 'internal', status: 500 });
    expect(parseApiError(418, { nope: true }).message).toContain('418');
  });

  it('takes exactly the bodies the contract schema accepts', () => {
    const bodies = [
      { error: { code: 'x', message: 'y' } },
      { error: { code: 'x', message: 'y', fields: { a: 'b' } } },
      { error: { code: 'x', message: 'y', fields: { a: 1 } } },
      { error: { code: 'x', message: 'y', fields: ['b'] } },
      { error: { code: 'x', message: 'y', fields: null } },
      { error: { code: 'x' } },
      { error: 'x' },
      { error: null },
      null,
      'text',
    ];
    for (const body of bodies) {
      const parsed = parseApiError(400, body);
      const fromApi = parsed.code === 'x';
      expect(fromApi, JSON.stringify(body)).toBe(apiErrorBody.safeParse(body).success);
    }
  });
});

describe('fieldErrorsOf', () => {
  it('maps field names, also when the server prefixes the wrapper', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid', {
      'alert_type.label': 'Label is required',
      code: 'Code is too long',
      somethingElse: 'Unknown problem',
    });
    expect(fieldErrorsOf(error, ['label', 'code'])).toEqual({
      fields: { label: 'Label is required', code: 'Code is too long' },
      other: ['Unknown problem'],
    });
  });

  it('keeps a nested field error, named by its whole path, off the top-level field of the same name', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid', {
      'contacts.0.email': 'Email is invalid',
      email: 'Email is required',
    });
    expect(fieldErrorsOf(error, ['email'])).toEqual({
      fields: { email: 'Email is required' },
      other: ['Email is invalid'],
    });
  });

  it('has nothing for errors that are not API errors', () => {
    expect(fieldErrorsOf(new Error('boom'), ['label'])).toEqual({ fields: {}, other: [] });
  });
});

describe('isUnreachable', () => {
  it('is true for network failures and gateway errors only', () => {
    expect(isUnreachable(networkError())).toBe(true);
    expect(isUnreachable(new ApiError(502, 'internal', 'Bad gateway'))).toBe(true);
    expect(isUnreachable(new ApiError(500, 'internal', 'Boom'))).toBe(false);
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(false);
  });
});
