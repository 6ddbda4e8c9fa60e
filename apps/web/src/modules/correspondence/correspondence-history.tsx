import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CORRESPONDENCE_BASE, correspondenceApi, statusLabel } from './correspondence-api';

/** The correspondence sent to a person, or merged from a record: newest first. */
export function CorrespondenceHistory({ userId, entityId }: { userId?: string; entityId?: string }) {
  const { viewer } = useSignedIn();
  const headingId = useId();
  const query = {
    user_id: userId,
    merge_entity_id: entityId,
    sortBy: 'created_at',
    reverse: true,
    numPerPage: 50,
  };
  const list = useQuery({
    queryKey: ['correspondence', 'history', userId, entityId],
    queryFn: () => correspondenceApi.list(query),
    enabled: hasPermission(viewer, 'correspondence.read'),
  });
  if (!hasPermission(viewer, 'correspondence.read')) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Correspondence
        </Title>
        {list.isPending ? <LoadingState label="Loading correspondence…" /> : null}
        {list.isError ? (
          <ErrorState title="The correspondence could not be loaded" error={list.error} />
        ) : null}
        {list.data?.items.length === 0 ? <Text>Nothing sent yet.</Text> : null}
        {list.data && list.data.items.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Template</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{new Date(c.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${CORRESPONDENCE_BASE}/${c.id}`}>
                      {c.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.merge_template_name ?? 'Free text'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={c.failed_count > 0 ? 'red' : 'gray'}>
                      {statusLabel[c.status] ?? c.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
