import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorMessage } from '../platform/api/errors';
import { usePageTitle } from '../platform/components/page-header';
import { useSession } from '../platform/session/session-provider';
import { homePath } from '../platform/session/shell-state';

/** A whole-window message while the app starts (inside a main landmark, with the page's h1). */
export function StartupScreen({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main id="main">
      <Center mih="100vh" p="md">
        <Stack align="center" gap="md" maw={480}>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Center>
    </main>
  );
}

export function SessionLoading() {
  const { loadError, retry } = useSession();
  if (loadError) {
    return (
      <StartupScreen title="Licensure could not start">
        <Alert color="red" title="The session could not be checked">
          <Text size="sm">{errorMessage(loadError)}</Text>
        </Alert>
        <Button onClick={retry}>Try again</Button>
      </StartupScreen>
    );
  }
  return (
    <StartupScreen title="Licensure">
      <Stack align="center" gap="xs" role="status">
        <Loader aria-hidden="true" />
        <Text>Loading…</Text>
      </Stack>
    </StartupScreen>
  );
}

export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `/signin?next=${encodeURIComponent(next)}`;
}

/** Lets signed-in viewers of the right area through; sends others to sign-in (with a way back) or home. */
export function RequireSession({ area, children }: { area: 'staff' | 'portal'; children: ReactNode }) {
  const { shell } = useSession();
  const location = useLocation();
  if (!shell) return <SessionLoading />;
  if (shell.status === 'anonymous') {
    return <Navigate to={shell.signedOut ? '/signin' : signInPathFor(location)} replace />;
  }
  const home = homePath(shell.viewer);
  if (home !== `/${area}`) return <Navigate to={home} replace />;
  return children;
}

/** `/`: home of the signed-in viewer, or sign-in. */
export function RootRedirect() {
  const { shell } = useSession();
  if (!shell) return <SessionLoading />;
  return <Navigate to={shell.status === 'signed-in' ? homePath(shell.viewer) : '/signin'} replace />;
}
