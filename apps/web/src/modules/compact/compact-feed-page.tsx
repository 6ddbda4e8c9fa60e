import type { CompactFeedFile } from '@licensure/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { compactApi } from './compact-api';

/** The last delivery of a file, in words (never colour alone). */
function LastDelivery({ file }: { file: CompactFeedFile }) {
  const last = file.deliveries.at(-1);
  if (!last) return <Text size="sm">Not sent</Text>;
  const when = new Date(last.created_at).toLocaleString();
  return (
    <Stack gap={2}>
      <Badge variant="light" color={last.status === 'delivered' ? 'green' : 'red'}>
        {last.status === 'delivered' ? 'Delivered' : 'Failed'}
      </Badge>
      <Text size="xs">{`${when} by ${last.transport}${last.response_status ? ` (answer ${last.response_status})` : ''}`}</Text>
      {last.detail && last.status === 'failed' ? <Text size="xs">{last.detail}</Text> : null}
      <Text size="xs">{`${file.deliveries.length} attempt${file.deliveries.length === 1 ? '' : 's'}`}</Text>
    </Stack>
  );
}

/** `/staff/compact-feed`: the EMS Compact licence and adverse-action files, their delivery log and resend. */
export function CompactFeedPage() {
  const { viewer } = useSignedIn();
  const allowed = hasPermission(viewer, 'compactFeed.read');
  const canSend = hasPermission(viewer, 'compactFeed.send');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useQuery({
    queryKey: ['compact-feed', 'files', page],
    queryFn: () => compactApi.files(page),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const settle = async (file: CompactFeedFile, verb: string) => {
    const last = file.deliveries.at(-1);
    setMessage({
      ok: last?.status === 'delivered',
      text:
        last?.status === 'delivered'
          ? `${file.file_name} ${verb} and delivered.`
          : `${file.file_name} ${verb}, but the delivery failed: ${last?.detail ?? 'no answer'}.`,
    });
    await queryClient.invalidateQueries({ queryKey: ['compact-feed', 'files'] });
  };
  const makeNow = useMutation({ mutationFn: compactApi.makeNow, onSuccess: (f) => settle(f, 'written') });
  const resend = useMutation({ mutationFn: compactApi.resend, onSuccess: (f) => settle(f, 'sent again') });
  if (!allowed) return <ForbiddenPage />;
  const pages = list.data ? Math.ceil(list.data.total / 25) : 0;
  return (
    <Stack gap="md">
      <PageHeader
        title="EMS Compact feed"
        actions={
          canSend ? (
            <Button loading={makeNow.isPending} onClick={() => makeNow.mutate()}>
              Write and send a file now
            </Button>
          ) : undefined
        }
      />
      <Text>
        Each day the office's licences and adverse actions are written for the EMS Compact's National EMS
        Coordinated Database (licensure level, status, expiration, privilege to practice, and the disciplinary
        outcomes of complaints) and delivered. Every file is kept with its delivery log.
      </Text>
      {message ? (
        <Alert
          color={message.ok ? 'green' : 'red'}
          role={message.ok ? 'status' : 'alert'}
          title={message.ok ? 'Sent' : 'Not delivered'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      ) : null}
      {makeNow.isError || resend.isError ? (
        <ErrorState title="The file could not be sent" error={makeNow.error ?? resend.error} />
      ) : null}
      {list.isPending ? <LoadingState label="Loading the files…" /> : null}
      {list.isError ? <ErrorState title="The files could not be loaded" error={list.error} /> : null}
      {list.data?.items.length === 0 ? <Text>No file has been written yet.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Caption>{`${list.data.total} file${list.data.total === 1 ? '' : 's'}, newest first`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Licences</Table.Th>
                <Table.Th>Adverse actions</Table.Th>
                <Table.Th>Made by</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Anchor href={compactApi.downloadUrl(f.id)} download={f.file_name}>
                      {f.file_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{f.file_date}</Table.Td>
                  <Table.Td>{f.licence_count}</Table.Td>
                  <Table.Td>{f.adverse_action_count}</Table.Td>
                  <Table.Td>{f.made_by === 'schedule' ? 'Daily job' : 'Staff'}</Table.Td>
                  <Table.Td>
                    <LastDelivery file={f} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {canSend ? (
                        <Button
                          size="xs"
                          variant="light"
                          loading={resend.isPending && resend.variables === f.id}
                          onClick={() => resend.mutate(f.id)}
                          aria-label={`Send ${f.file_name} again`}
                        >
                          Resend
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
