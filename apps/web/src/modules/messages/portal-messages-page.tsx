import { Anchor, Badge, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDateTime } from '../responses/response-format';
import { MESSAGES_PER_PAGE, messageKeys, messagesApi } from './messages-api';

/** `/portal/messages`: the letters and mails sent to the signed-in person, newest first, a page at a time. */
export function PortalMessagesPage() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const list = useQuery({
    queryKey: messageKeys.page(page),
    queryFn: ({ signal }) => messagesApi.list(page, signal),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Messages"
        description="Letters and emails the licensing office sent you, newest first, with the files that came with them."
      />
      {list.isPending ? <LoadingState label="Loading your messages…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="Your messages could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data?.total === 0 ? <Text>No letters or emails have been sent to you yet.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Messages sent to you"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {list.data.items.map((m) => (
            <Paper key={m.id} withBorder p="md" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={`/portal/messages/${m.id}`} fw={600}>
                  {m.subject || '(no subject)'}
                </Anchor>
                <Text size="sm">Sent {formatDateTime(m.sent_at)}</Text>
              </Group>
              {m.attachment_count > 0 ? (
                <Badge variant="light" color="gray" mt="xs">
                  {m.attachment_count} {m.attachment_count === 1 ? 'attachment' : 'attachments'}
                </Badge>
              ) : null}
            </Paper>
          ))}
        </Stack>
      ) : null}
      {list.data && list.data.total > MESSAGES_PER_PAGE ? (
        <Pagination
          total={Math.ceil(list.data.total / MESSAGES_PER_PAGE)}
          value={page}
          onChange={(p) => setSearch(p > 1 ? { page: String(p) } : {})}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </Stack>
  );
}
