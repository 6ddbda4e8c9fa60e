import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSignedIn } from '../../app/session-provider';
import { PageHeader } from '../../platform/components/page-header';
import { displayName, hasPermission } from '../../platform/session/shell-state';
import { ADMIN_BASE, readableLists } from '../lookups/administration-access';

/** `/staff`: the staff home; points at what exists for this user. */
export function DashboardPage() {
  const { viewer, account, enterprise } = useSignedIn();
  const lists = readableLists(viewer);
  const counts = account?.counts_retrieved
    ? [
        { label: 'To continue', value: account.continue_count },
        { label: 'To review', value: account.review_count },
        { label: 'Checked out', value: account.checkout_count },
      ]
    : [];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${displayName(viewer)}${enterprise ? ` — ${enterprise.name}` : ''}.`}
      />
      {counts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="section" aria-label="Your work">
          {counts.map((c) => (
            <Paper key={c.label} withBorder p="md" radius="md">
              <Text size="sm">{c.label}</Text>
              <Text size="xl" fw={700}>
                {c.value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="setup-heading">
        <Stack gap="xs">
          <Title order={2} size="h3" id="setup-heading">
            Set-up
          </Title>
          {lists.length > 0 ? (
            <Text>
              You can open {lists.length} reference {lists.length === 1 ? 'list' : 'lists'}.{' '}
              <Anchor component={Link} to={ADMIN_BASE}>
                Browse the reference lists
              </Anchor>
            </Text>
          ) : (
            <Text>You have no reference lists to manage.</Text>
          )}
          {hasPermission(viewer, 'enterprise.read') ? (
            <Anchor component={Link} to={`${ADMIN_BASE}/enterprise`}>
              Enterprise settings
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
