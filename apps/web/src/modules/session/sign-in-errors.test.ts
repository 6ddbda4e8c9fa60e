import { messages } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../platform/api/errors';
import { afterSignInPath, safeNextPath, signInProblem } from './sign-in-errors';

describe('signInProblem', () => {
  it('names bad credentials, locked accounts, rate limits and an unreachable server', () => {
    expect(signInProblem(new ApiError(401, 'invalid_credentials', messages.invalidCredentials))).toEqual({
      title: 'Sign-in failed',
      message: messages.invalidCredentials,
    });
    expect(signInProblem(new ApiError(423, 'account_locked', messages.accountLocked)).title).toBe(
      'Account locked',
    );
    expect(signInProblem(new ApiError(429, 'rate_limited', 'Slow down')).title).toBe('Too many attempts');
    expect(signInProblem(networkError()).title).toBe('Server unreachable');
  });
});

describe('the page after sign-in', () => {
  it('accepts only same-site paths', () => {
    expect(safeNextPath('/staff/admin')).toBe('/staff/admin');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/signin?next=/x')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });

  it('returns to the requested page only inside the viewer area', () => {
    expect(afterSignInPath('/staff', '/staff/admin/alert_types?page=2')).toBe(
      '/staff/admin/alert_types?page=2',
    );
    expect(afterSignInPath('/portal', '/staff/admin')).toBe('/portal');
    expect(afterSignInPath('/staff', '/staffing')).toBe('/staff');
    expect(afterSignInPath('/staff', null)).toBe('/staff');
  });
});
