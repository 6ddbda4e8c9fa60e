import type { PublicIdentityProvider } from '@licensure/contracts';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api/client';
import { singleSignOnLinks } from './single-sign-on';

/** Links to the enterprise's public identity providers (SAML single sign-on). */
export function SingleSignOnLinks({ isPortal, next }: { isPortal: boolean; next: string | null }) {
  const providers = useQuery({
    queryKey: ['publicIdentityProviders'],
    queryFn: ({ signal }) =>
      api.get<PublicIdentityProvider[]>('/api/AdminModule/ListPublicIdentityProvider', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const links = singleSignOnLinks(providers.data ?? [], isPortal, next);
  if (links.length === 0) return null;
  return (
    <Stack gap="xs" component="nav" aria-label="Single sign-on">
      {links.map((link) => (
        <Button key={link.code} component="a" href={link.href} variant="default" fullWidth>
          {link.text}
        </Button>
      ))}
    </Stack>
  );
}
