import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { MAIL_BASE, mailApi, mailStateColor, mailStateLabel } from './mail-api';

/**
 * `/staff/mail/:id`: one mail as sent. The HTML body is shown in a sandboxed frame (`sandbox=""`: no
 * script, no form, no navigation of this page, an opaque origin), so whatever a letter holds runs nothing.
 */
export function MailPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const one = useQuery({
    queryKey: ['mail', 'one', id],
    queryFn: () => mailApi.one(id),
    refetchInterval: (q) => (q.state.data?.status === 'queued' ? 1000 : false),
  });
  const retry = useMutation({
    mutationFn: () => mailApi.retry(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mail'] }),
  });
  if (one.isPending) return <LoadingState label="Loading the mail…" />;
  if (one.isError) return <ErrorState title="The mail could not be loaded" error={one.error} />;
  const m = one.data;
  const when = (v: string | null) => (v ? new Date(v).toLocaleString() : '');
  const rows: [string, string][] = [
    ['From', m.from_address ?? ''],
    ['To', m.to_address],
    ...(m.cc.length ? [['Cc', m.cc.join(', ')] as [string, string]] : []),
    ...(m.bcc.length ? [['Bcc', m.bcc.join(', ')] as [string, string]] : []),
    ...(m.reply_to.length ? [['Reply to', m.reply_to.join(', ')] as [string, string]] : []),
    ['Created', when(m.created_at)],
    ['Attempts', String(m.attempts)],
    ['Last attempt', when(m.last_attempt_at)],
    ['Sent at', when(m.sent_at)],
    ...(m.error ? [['Last error', m.error] as [string, string]] : []),
  ];
  return (
    <Stack gap="md">
      <PageHeader title={`Mail: ${m.subject}`} />
      <Anchor component={Link} to={MAIL_BASE}>
        Back to the mail
      </Anchor>
      <Group>
        <Badge variant="light" color={mailStateColor[m.status]}>
          {mailStateLabel[m.status]}
        </Badge>
        {m.retryable ? (
          <Button onClick={() => retry.mutate()} loading={retry.isPending}>
            Send it again
          </Button>
        ) : null}
        {m.correspondence_id ? (
          <Anchor component={Link} to={`/staff/correspondence/${m.correspondence_id}`}>
            Open its correspondence
          </Anchor>
        ) : null}
      </Group>
      {retry.isError ? (
        <Text c="red" role="alert">
          {errorMessage(retry.error)}
        </Text>
      ) : null}
      <Table>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th scope="row" w={160}>
                {k}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">
        Text
      </Title>
      <Text component="pre" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} ff="monospace">
        {m.text_body}
      </Text>
      {m.html_body ? (
        <>
          <Title order={2} size="h4">
            HTML
          </Title>
          <iframe
            sandbox=""
            srcDoc={m.html_body}
            title="The mail's HTML body"
            style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-4)' }}
          />
        </>
      ) : null}
    </Stack>
  );
}
