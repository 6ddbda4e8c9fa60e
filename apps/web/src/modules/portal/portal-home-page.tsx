import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSignedIn } from '../../app/session-provider';
import { PageHeader } from '../../platform/components/page-header';
import { displayName } from '../../platform/session/shell-state';

function EmptySection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** `/portal`: the applicant's home. Licences and requests come with later modules; until then it says so. */
export function PortalHomePage() {
  const { viewer, account, enterprise } = useSignedIn();
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${displayName(viewer)}`}
        documentTitle="Home"
        description={enterprise ? `Your licensing portal with ${enterprise.name}.` : 'Your licensing portal.'}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <EmptySection id="licences-heading" title="My licences">
          <Text>You have no licences yet.</Text>
          <Text size="sm" c="dimmed">
            When a licence is issued to you, it appears here with its status and expiry date.
          </Text>
        </EmptySection>
        <EmptySection id="requests-heading" title="My requests">
          <Text>You have no requests in progress.</Text>
          <Text size="sm" c="dimmed">
            Applications and renewals you start will be listed here so you can follow them.
          </Text>
        </EmptySection>
      </SimpleGrid>
      <EmptySection id="account-heading" title="My account">
        <Text>User name: {viewer.user_name}</Text>
        {account?.email ? <Text>Email: {account.email}</Text> : null}
      </EmptySection>
    </Stack>
  );
}
