import { describe, expect, it } from 'vitest';
import { singleSignOnLinks } from './single-sign-on';

const providers = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    code: 'state',
    label: 'State ID',
    for_portal: true,
    for_staff: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    code: 'staff-only',
    label: 'Agency AD',
    for_portal: false,
    for_staff: true,
  },
];

describe('singleSignOnLinks', () => {
  it('offers the providers of the chosen area, linking to Saml20/SignIn', () => {
    expect(singleSignOnLinks(providers, true, null)).toEqual([
      { code: 'state', text: 'Sign in with State ID', href: '/api/Saml20/SignIn?idp=state&isPortal=true' },
    ]);
    expect(singleSignOnLinks(providers, false, null).map((l) => l.text)).toEqual([
      'Sign in with State ID',
      'Sign in with Agency AD',
    ]);
  });

  it('passes a same-area return path only', () => {
    expect(singleSignOnLinks(providers, true, '/portal/licenses')[0]?.href).toBe(
      '/api/Saml20/SignIn?idp=state&isPortal=true&ReturnUrl=%2Fportal%2Flicenses',
    );
    expect(singleSignOnLinks(providers, true, 'https://evil.example')[0]?.href).toBe(
      '/api/Saml20/SignIn?idp=state&isPortal=true&ReturnUrl=%2Fportal',
    );
  });
});
