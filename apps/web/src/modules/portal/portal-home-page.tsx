import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { displayName } from '../../platform/session/shell-state';
import { PortalAlertBadge } from '../alerts/portal-alert-badge';
import { licensingApi, licensingKeys } from '../licensing/licensing-api';
import { FeesSummary } from '../payments/fees-summary';
import { RequestsSummary } from './requests-summary';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
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

/** The credentials held, from the same list (and presenter) as My licences. */
function LicencesSummary() {
  const held = useQuery({
    queryKey: licensingKeys.certifications(),
    queryFn: ({ signal }) => licensingApi.certifications(signal),
  });
  if (held.isPending) return <LoadingState label="Loading your licences…" />;
  if (held.isError)
    return (
      <ErrorState
        error={held.error}
        title="Your licences could not be loaded"
        onRetry={() => void held.refetch()}
      />
    );
  const items = held.data.items;
  if (items.length === 0)
    return (
      <>
        <Text>You have no licences yet.</Text>
        <Text size="sm">
          When a licence is issued to you, it appears here with its status and expiry date.
        </Text>
        <Anchor component={Link} to="/portal/licences">
          Apply for a licence
        </Anchor>
      </>
    );
  return (
    <>
      <Text>
        You hold {items.length} {items.length === 1 ? 'licence' : 'licences'}.
      </Text>
      <List spacing={4}>
        {items.map((c) => (
          <List.Item key={c.id}>
            {c.title} {c.number}: {c.status_label}
            {c.expiration_date ? `, expires ${formatDate(c.expiration_date)}` : ''}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/portal/my-licences">
        My licences
      </Anchor>
    </>
  );
}

/** `/portal`: the applicant's home: what they asked for (what needs them first), what they owe and hold, their account. */
export function PortalHomePage() {
  const { viewer, account, enterprise } = useSignedIn();
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${displayName(viewer)}`}
        documentTitle="Home"
        description={enterprise ? `Your licensing portal with ${enterprise.name}.` : 'Your licensing portal.'}
      />
      <PortalAlertBadge />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {/* What needs the applicant comes first: their requests, then what they owe. */}
        <Section id="requests-heading" title="My requests">
          <RequestsSummary />
        </Section>
        <Section id="licences-heading" title="My licences">
          <LicencesSummary />
        </Section>
        <Section id="fees-heading" title="Fees to pay">
          <FeesSummary />
        </Section>
      </SimpleGrid>
      <Section id="account-heading" title="My account">
        <Text>User name: {viewer.user_name}</Text>
        {account?.email ? <Text>Email: {account.email}</Text> : null}
      </Section>
    </Stack>
  );
}
