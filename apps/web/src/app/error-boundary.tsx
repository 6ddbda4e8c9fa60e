import { Alert, Anchor, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { describeError, reportClientError } from '../platform/api/error-reporter';
import { StartupScreen } from './require-session';

function ErrorScreen() {
  return (
    <StartupScreen title="Something went wrong">
      <Alert color="red" title="The page failed">
        <Text size="sm">
          An unexpected error stopped this page. It has been reported. Reload the page or go back to the
          start.
        </Text>
      </Alert>
      <Anchor href="/">Go to the start page</Anchor>
    </StartupScreen>
  );
}

/** Catches render errors above the router (providers); reports them and shows a way out. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportClientError(`React error boundary: ${describeError(error)}\n${info.componentStack ?? ''}`);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** The router's error element: route render errors land here. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportClientError(`Route error at ${window.location.pathname}: ${describeError(error)}`);
  }, [error, notFound]);
  if (notFound) {
    return (
      <StartupScreen title="Page not found">
        <Text>There is no page at this address.</Text>
        <Anchor href="/">Go to the start page</Anchor>
      </StartupScreen>
    );
  }
  return <ErrorScreen />;
}
