import { Alert, Anchor, AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useMatch } from 'react-router';
import { displayName } from '../../platform/session/shell-state';
import { useEnterpriseLess } from '../../platform/session/use-enterprise-less';
import { useSession } from '../session-provider';
import { useSessionActivity } from '../use-session-activity';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on exactly this path (a dashboard), not below it. */
  end?: boolean;
}

function NavItemLink({ item }: { item: NavItem }) {
  const match = useMatch({ path: item.to, end: item.end ?? false });
  return (
    <NavLink component={RouterNavLink} to={item.to} end={item.end} label={item.label} active={!!match} />
  );
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}

function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="yellow" title="You are offline" role="status" mb="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The server cannot be reached, so this shows your account and enterprise as saved on this device at
          your last visit. Changes cannot be saved until the connection returns.
        </Text>
        <Button size="xs" variant="outline" color="dark" onClick={onRetry}>
          Try to reconnect
        </Button>
      </Stack>
    </Alert>
  );
}

interface AppFrameProps {
  homeHref: string;
  navItems?: readonly NavItem[];
  /** Shown next to the product name; by default the enterprise's public name. */
  subtitle?: string | null;
  children: ReactNode;
}

/** Header (skip link, name, user, sign out), optional navigation and the main region, for every layout. */
export function AppFrame({ homeHref, navItems = [], subtitle, children }: AppFrameProps) {
  const { shell, signOut, expire, retry } = useSession();
  const publicInfo = useEnterpriseLess();
  const heading = subtitle ?? publicInfo.data?.name;
  const [opened, { toggle, close }] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  const location = useLocation();
  const signedIn = shell?.status === 'signed-in' ? shell : null;
  const hasNav = navItems.length > 0;

  useEffect(() => {
    if (location.pathname) close();
  }, [location.pathname, close]);
  useSessionActivity(!!signedIn && !signedIn.offline, signedIn?.viewer.isPortal ?? false, expire);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={hasNav ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="lg"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hasNav ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={opened}
                aria-controls="main-navigation"
              />
            ) : null}
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
          </Group>
          {signedIn ? (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" visibleFrom="sm">
                Signed in as {displayName(signedIn.viewer)}
              </Text>
              <Button variant="outline" size="sm" onClick={handleSignOut} loading={signingOut}>
                Sign out
              </Button>
            </Group>
          ) : null}
        </Group>
      </AppShell.Header>
      {hasNav ? (
        <AppShell.Navbar p="sm" id="main-navigation" aria-label="Main">
          {navItems.map((item) => (
            <NavItemLink key={item.to} item={item} />
          ))}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main" tabIndex={-1}>
        {signedIn?.offline ? <OfflineNotice onRetry={retry} /> : null}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
