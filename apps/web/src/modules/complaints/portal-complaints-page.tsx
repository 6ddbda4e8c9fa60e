import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { complaintKeys, complaintsApi, when } from './complaints-api';

/**
 * `/portal/complaints`: the complaints the signed-in person filed, with their status only (never the
 * investigation). Complaints about the person are not shown here.
 */
export function PortalComplaintsPage() {
  const { account } = useSignedIn();
  const userId = account?.id ?? '';
  const mine = useQuery({
    queryKey: complaintKeys.mine(userId),
    queryFn: () => complaintsApi.mine(userId),
    enabled: !!userId,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="My complaints"
        description="The complaints you filed while signed in, and where each one stands."
        actions={
          <Anchor component={Link} to="/complaint">
            File a complaint
          </Anchor>
        }
      />
      {mine.isPending ? <LoadingState label="Loading your complaints…" /> : null}
      {mine.isError ? <ErrorState title="Your complaints could not be loaded" error={mine.error} /> : null}
      {mine.data?.length === 0 ? <Text>You have not filed a complaint while signed in.</Text> : null}
      {mine.data && mine.data.length > 0 ? (
        <Table>
          <Table.Caption>Complaints you filed</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>About</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Closed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.number ?? '—'}</Table.Td>
                <Table.Td>{c.subject_name ?? '—'}</Table.Td>
                <Table.Td>{c.category ?? '—'}</Table.Td>
                <Table.Td>{c.status ?? 'Received'}</Table.Td>
                <Table.Td>{when(c.received_at)}</Table.Td>
                <Table.Td>{c.closed_at ? when(c.closed_at) : 'Open'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
