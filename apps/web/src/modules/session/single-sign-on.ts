import type { PublicIdentityProvider } from '@licensure/contracts';
import { afterSignInPath } from './sign-in-errors';

export interface SignInLink {
  code: string;
  text: string;
  href: string;
}

/** "Sign in with <label>" links of the identity providers offered for the chosen area. */
export function singleSignOnLinks(
  providers: readonly PublicIdentityProvider[],
  isPortal: boolean,
  next: string | null,
): SignInLink[] {
  const returnUrl = next ? afterSignInPath(isPortal ? '/portal' : '/staff', next) : null;
  return providers
    .filter((p) => (isPortal ? p.for_portal : p.for_staff))
    .map((p) => {
      const query = new URLSearchParams({ idp: p.code, isPortal: String(isPortal) });
      if (returnUrl) query.set('ReturnUrl', returnUrl);
      return { code: p.code, text: `Sign in with ${p.label}`, href: `/api/Saml20/SignIn?${query}` };
    });
}
