import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppFrame } from './app-frame';

export function PublicLayout() {
  return (
    <AppFrame homeHref="/">
      <Container size="sm" px={0}>
        <Outlet />
      </Container>
    </AppFrame>
  );
}
