import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, isUnreachable } from '../platform/api/errors';
import { SessionProvider } from '../platform/session/session-provider';
import { cssVariablesResolver, theme } from '../platform/theme/theme';
import { AppErrorBoundary } from './error-boundary';
import { createAppRouter } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Retry only what may pass on a second try: the server briefly away or failing.
        retry: (failures, error) =>
          failures < 2 && (isUnreachable(error) || (error instanceof ApiError && error.status >= 500)),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
