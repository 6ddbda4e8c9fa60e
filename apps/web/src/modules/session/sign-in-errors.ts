import { messages } from '@licensure/contracts';
import { ApiError } from '../../platform/api/errors';

export interface SignInProblem {
  title: string;
  message: string;
}

/**
 * What to tell the user when sign-in fails (field errors are shown on the fields instead). Titles avoid the
 * words of the field labels, so that the alert is not mistaken for a field named "Password".
 */
export function signInProblem(error: unknown): SignInProblem {
  if (!(error instanceof ApiError))
    return { title: 'Sign-in failed', message: 'Something went wrong. Try again.' };
  switch (error.code) {
    case 'invalid_credentials':
    case 'unauthenticated':
      return { title: 'Sign-in failed', message: error.message || messages.invalidCredentials };
    case 'account_locked':
      return { title: 'Account locked', message: error.message || messages.accountLocked };
    case 'rate_limited':
      return {
        title: 'Too many attempts',
        message: error.message || 'Too many sign-in attempts. Wait a minute and try again.',
      };
    default:
      if (error.status === 0) return { title: 'Server unreachable', message: error.message };
      if (error.status === 423) return { title: 'Account locked', message: error.message };
      if (error.status === 429) return { title: 'Too many attempts', message: error.message };
      return { title: 'Sign-in failed', message: error.message };
  }
}

/** Only same-site paths may be the page to return to after sign-in. */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/signin' || next.startsWith('/signin?')) return null;
  return next;
}

/** The page after sign-in: the requested one when it is in the viewer's area, else the area's home. */
export function afterSignInPath(home: '/staff' | '/portal', next: string | null): string {
  const safe = safeNextPath(next);
  if (safe && (safe === home || safe.startsWith(`${home}/`) || safe.startsWith(`${home}?`))) return safe;
  return home;
}
