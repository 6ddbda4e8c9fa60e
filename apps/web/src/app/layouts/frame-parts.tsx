import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { registerServiceWorker } from '../../platform/offline/service-worker';
import { useSession } from '../../platform/session/session-provider';
import { displayName, type ShellState } from '../../platform/session/shell-state';
import { useEnterpriseLess } from '../../platform/session/use-enterprise-less';
import { useSessionActivity } from '../use-session-activity';

type SignedInShell = Extract<ShellState, { status: 'signed-in' }>;

// The parts every layout's frame shares. The public pages' frame is plain HTML around these; the staff
// and portal frame (app-frame.tsx, Mantine's AppShell with its navigation) loads with those areas only.

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}

export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="yellow" title="You are offline" role="status" mb="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The server cannot be reached, so this shows your account and enterprise as saved on this device at
          your last visit. Changes cannot be saved until the connection returns, except the work on visits
          checked out to this device (My visits), which is kept here and sent when it does.
        </Text>
        <Button size="xs" variant="outline" color="dark" onClick={onRetry}>
          Try to reconnect
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * The signed-in shell (null when anonymous), with the session kept alive while it is in use. Signing in
 * also registers the service worker, which keeps the whole app for offline use: the public, who only
 * verify a licence, do not download the staff app in the background.
 */
export function useSignedInShell(): SignedInShell | null {
  const { shell, expire } = useSession();
  const signedIn = shell?.status === 'signed-in' ? shell : null;
  useSessionActivity(!!signedIn && !signedIn.offline, signedIn?.viewer.isPortal ?? false, expire);
  const isSignedIn = !!signedIn;
  useEffect(() => {
    if (isSignedIn) registerServiceWorker();
  }, [isSignedIn]);
  return signedIn;
}

/** The product name linking home, and the enterprise's name (by default its public name). */
export function FrameTitle({ homeHref, subtitle }: { homeHref: string; subtitle?: string | null }) {
  const publicInfo = useEnterpriseLess();
  const heading = subtitle ?? publicInfo.data?.name;
  return (
    <>
      <Anchor
        component={Link}
        to={homeHref}
        fw={700}
        size="lg"
        c="var(--mantine-color-text)"
        underline="hover"
      >
        Licensure
      </Anchor>
      {heading ? (
        <Text visibleFrom="xs" size="sm">
          {heading}
        </Text>
      ) : null}
    </>
  );
}

/** "Signed in as …" and the sign-out button. */
export function SignedInUser({ shell }: { shell: SignedInShell }) {
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" visibleFrom="sm">
        Signed in as {displayName(shell.viewer)}
      </Text>
      <Button variant="outline" size="sm" onClick={handleSignOut} loading={signingOut}>
        Sign out
      </Button>
    </Group>
  );
}
