import { Anchor, Badge, Button, Group, Progress, Stack, Table, Text, Typography } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CORRESPONDENCE_BASE, correspondenceApi, statusLabel } from './correspondence-api';

/** `/staff/correspondence/:id`: one send, its progress while queued, each message's outcome, retry of failures. */
export function CorrespondencePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const one = useQuery({
    queryKey: ['correspondence', 'one', id],
    queryFn: () => correspondenceApi.one(id),
    refetchInterval: (q) => (['queued', 'sending'].includes(q.state.data?.status ?? '') ? 1000 : false),
  });
  const retry = useMutation({
    mutationFn: () => correspondenceApi.retry(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['correspondence'] }),
  });
  if (one.isPending) return <LoadingState label="Loading the correspondence…" />;
  if (one.isError) return <ErrorState title="The correspondence could not be loaded" error={one.error} />;
  const c = one.data;
  const done = c.sent_count + c.failed_count + c.recipients.filter((r) => r.status === 'held').length;
  const percent = c.total ? Math.round((done / c.total) * 100) : 100;
  return (
    <Stack gap="md">
      <PageHeader title={`Correspondence: ${c.subject}`} />
      <Anchor component={Link} to={CORRESPONDENCE_BASE}>
        Back to the correspondence
      </Anchor>
      <Group>
        <Badge variant="light" color={c.failed_count > 0 ? 'red' : 'gray'}>
          {statusLabel[c.status] ?? c.status}
        </Badge>
        <Text>{`${c.sent_count} sent, ${c.failed_count} failed, of ${c.total}`}</Text>
      </Group>
      <Progress value={percent} aria-label={`Sending progress: ${percent}%`} />
      {c.failed_count > 0 && hasPermission(viewer, 'correspondence.send') ? (
        <Group>
          <Button onClick={() => retry.mutate()} loading={retry.isPending}>
            Send the failed messages again
          </Button>
          {retry.isError ? (
            <Text c="red" role="alert">
              {errorMessage(retry.error)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when the send was queued */}
        <div dangerouslySetInnerHTML={{ __html: c.html_body }} />
      </Typography>
      <Table>
        <Table.Caption>Messages</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.recipients.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.address}</Table.Td>
              <Table.Td>{statusLabel[r.status] ?? r.status}</Table.Td>
              <Table.Td>{r.error ?? ''}</Table.Td>
              <Table.Td>{r.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
