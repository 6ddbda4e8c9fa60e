import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { useSignedIn } from '../../platform/session/session-provider';
import { displayName, hasPermission } from '../../platform/session/shell-state';
import { DashboardAlertsPanel } from '../alerts/dashboard-alerts-panel';
import { ADMIN_BASE, readableLists } from '../lookups/administration-access';
import { ReviewerPanel } from './reviewer-panel';

/** `/staff`: the staff home; points at what exists for this user. */
export function DashboardPage() {
  const { viewer, account, enterprise } = useSignedIn();
  const lists = readableLists(viewer);
  // Each count is the total of a queue filter; its tile opens the queue so filtered.
  const counts = account?.counts_retrieved
    ? [
        {
          label: 'To continue',
          value: account.continue_count,
          to: '/staff/requests?state=with_applicant&created_by=me',
        },
        { label: 'To review', value: account.review_count, to: '/staff/requests' },
        {
          label: 'Checked out',
          value: account.checkout_count,
          to: '/staff/requests?state=open&assigned_to=me',
        },
      ]
    : [];
  const opensQueue = hasPermission(viewer, 'requests.read');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${displayName(viewer)}${enterprise ? ` — ${enterprise.name}` : ''}.`}
      />
      {counts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="section" aria-label="Your work">
          {counts.map((c) =>
            opensQueue ? (
              <Paper
                key={c.label}
                withBorder
                p="md"
                radius="md"
                component={Link}
                to={c.to}
                aria-label={`${c.label}: ${c.value}. Open the list`}
              >
                <Text size="sm" td="underline">
                  {c.label}
                </Text>
                <Text size="xl" fw={700}>
                  {c.value}
                </Text>
              </Paper>
            ) : (
              <Paper key={c.label} withBorder p="md" radius="md">
                <Text size="sm">{c.label}</Text>
                <Text size="xl" fw={700}>
                  {c.value}
                </Text>
              </Paper>
            ),
          )}
        </SimpleGrid>
      ) : null}
      {hasPermission(viewer, 'requests.review') ? <ReviewerPanel /> : null}
      {hasPermission(viewer, 'insight.read') ? (
        <Text>
          <Anchor component={Link} to="/staff/insight">
            Office insight
          </Anchor>
          : processing times, backlog, expirations, money, inspections, complaints and exams.
        </Text>
      ) : null}
      {hasPermission(viewer, 'alerts.read') ? <DashboardAlertsPanel /> : null}
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
