import { AppShell, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { NavLink as RouterNavLink, useLocation, useMatch } from 'react-router';
import { useSession } from '../../platform/session/session-provider';
import { FrameTitle, OfflineNotice, SignedInUser, SkipLink, useSignedInShell } from './frame-parts';

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

interface AppFrameProps {
  homeHref: string;
  /** A flat menu (the portal's)... */
  navItems?: readonly NavItem[];
  /** ...or a menu of its own (the staff app's, grouped by area). */
  navigation?: ReactNode;
  /** Shown next to the product name; by default the enterprise's public name. */
  subtitle?: string | null;
  children: ReactNode;
}

/**
 * Header (skip link, name, user, sign out), navigation and the main region of the staff app and the
 * portal. The public pages have a lighter frame (public-layout.tsx) without Mantine's AppShell.
 */
export function AppFrame({ homeHref, navItems = [], navigation, subtitle, children }: AppFrameProps) {
  const { retry } = useSession();
  const signedIn = useSignedInShell();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  useEffect(() => {
    if (location.pathname) close();
  }, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="main-navigation"
            />
            <FrameTitle homeHref={homeHref} subtitle={subtitle} />
          </Group>
          {signedIn ? <SignedInUser shell={signedIn} /> : null}
        </Group>
      </AppShell.Header>
      {/* The list outgrows short windows as modules are added: it scrolls on its own. */}
      <AppShell.Navbar p="sm" id="main-navigation" aria-label="Main" style={{ overflowY: 'auto' }}>
        {navigation ?? navItems.map((item) => <NavItemLink key={item.to} item={item} />)}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {signedIn?.offline ? <OfflineNotice onRetry={retry} /> : null}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
