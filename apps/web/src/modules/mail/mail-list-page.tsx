import { mailStates } from '@licensure/contracts';
import { Anchor, Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { MAIL_BASE, type MailFilter, mailApi, mailStateColor, mailStateLabel } from './mail-api';

/** `/staff/mail`: every mail the product sent or holds, newest first, by recipient and state. */
export function MailListPage() {
  const { viewer } = useSignedIn();
  const [to, setTo] = useState('');
  const [debouncedTo] = useDebouncedValue(to, 300);
  const [status, setStatus] = useState<MailFilter['status']>('');
  const [currentPage, setPage] = useState(1);
  const allowed = hasPermission(viewer, 'mail.read');
  const filter: MailFilter = { to: debouncedTo.trim(), status, currentPage };
  const list = useQuery({
    queryKey: ['mail', 'list', filter],
    queryFn: () => mailApi.list(filter),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return <ForbiddenPage />;
  const pages = list.data ? Math.ceil(list.data.total / list.data.numPerPage) : 0;
  return (
    <Stack gap="md">
      <PageHeader title="Mail" />
      <Text>
        Every mail the office sent or holds: password resets, registrations, letters and trigger mails, as
        they were sent. Held mail was not sent: no mail server is configured.
      </Text>
      <Group align="flex-end">
        <TextInput
          label="Recipient"
          description="Part of the address"
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="State"
          data={[
            { value: '', label: 'Any state' },
            ...mailStates.map((s) => ({ value: s, label: mailStateLabel[s] })),
          ]}
          value={status}
          onChange={(v) => {
            setStatus((v ?? '') as MailFilter['status']);
            setPage(1);
          }}
          allowDeselect={false}
        />
      </Group>
      {list.isPending ? <LoadingState label="Loading the mail…" /> : null}
      {list.isError ? <ErrorState title="The mail could not be loaded" error={list.error} /> : null}
      {list.data?.items.length === 0 ? <Text>No mail matches.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Caption>{`${list.data.total} mail${list.data.total === 1 ? '' : 's'}, newest first`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Attempts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{new Date(m.created_at).toLocaleString()}</Table.Td>
                  <Table.Td>{m.to_address}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${MAIL_BASE}/${m.id}`}>
                      {m.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={mailStateColor[m.status]}>
                      {mailStateLabel[m.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{m.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Pager total={pages} value={currentPage} onChange={setPage} />
    </Stack>
  );
}
