import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError, errorMessage } from '../api/errors';
import { usePageTitle } from './page-header';

/** A polite live region with a spinner: "Loading alert types…". */
export function LoadingState({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" py="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Group>
  );
}

export function ErrorState({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" title={title} my="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry ? (
          <Button variant="outline" color="red" size="xs" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A whole page saying why there is nothing to show (no such page, no permission, server error). */
export function MessagePage({ title, children }: { title: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

export function ForbiddenPage() {
  return (
    <MessagePage title="Not allowed">
      <Text>You do not have permission to see this page. Ask an administrator if you need access.</Text>
    </MessagePage>
  );
}

export function NotFoundContent() {
  return (
    <MessagePage title="Page not found">
      <Text>
        There is no page at this address. Check the address, or use the navigation to find the page.
      </Text>
    </MessagePage>
  );
}

/** Turns a failed load into the right page (with its own h1): not found, not allowed, or an error with a retry. */
export function LoadFailure({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundContent />;
  if (error instanceof ApiError && error.status === 403) return <ForbiddenPage />;
  return (
    <MessagePage title={`Could not load ${what}`}>
      <Alert color="red" title="The page could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button variant="outline" color="red" size="xs" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </MessagePage>
  );
}
