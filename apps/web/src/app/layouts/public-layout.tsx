import { Anchor, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { AppFrame } from './app-frame';

export function PublicLayout() {
  return (
    <AppFrame homeHref="/">
      <Container size="md" px={0}>
        <Outlet />
        <Group
          component="nav"
          aria-label="Public pages"
          gap="lg"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Anchor component={Link} to="/verify">
            Verify a licence
          </Anchor>
          <Anchor component={Link} to="/signin">
            Sign in
          </Anchor>
        </Group>
      </Container>
    </AppFrame>
  );
}
