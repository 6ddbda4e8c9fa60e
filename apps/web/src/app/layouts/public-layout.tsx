import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../platform/session/session-provider';
import { FrameTitle, OfflineNotice, SignedInUser, SkipLink, useSignedInShell } from './frame-parts';

/**
 * The frame of the public pages (verify a licence, sign in): the same header as the staff app and the
 * portal, in plain elements rather than Mantine's AppShell, which these pages do not need to load.
 */
export function PublicLayout() {
  const { retry } = useSession();
  const signedIn = useSignedInShell();
  return (
    <>
      <Box
        component="header"
        h={64}
        px="md"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <SkipLink />
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <FrameTitle homeHref="/" />
          </Group>
          {signedIn ? <SignedInUser shell={signedIn} /> : null}
        </Group>
      </Box>
      <Box component="main" id="main" tabIndex={-1} p="lg">
        <Container size="md" px={0}>
          {signedIn?.offline ? <OfflineNotice onRetry={retry} /> : null}
          <Outlet />
          <Group
            component="nav"
            aria-label="Public pages"
            gap="lg"
            mt="xl"
            pt="md"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Anchor component={Link} to="/home">
              Home
            </Anchor>
            <Anchor component={Link} to="/verify">
              Verify a licence
            </Anchor>
            <Anchor component={Link} to="/complaint">
              File a complaint
            </Anchor>
            <Anchor component={Link} to="/policies">
              Policies and protocols
            </Anchor>
            <Anchor component={Link} to="/firedrill">
              Report a fire drill
            </Anchor>
            <Anchor component={Link} to="/accessibility">
              Accessibility
            </Anchor>
            <Anchor component={Link} to="/signin">
              Sign in
            </Anchor>
          </Group>
        </Container>
      </Box>
    </>
  );
}
