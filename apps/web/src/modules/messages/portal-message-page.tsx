import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDateTime } from '../responses/response-format';
import { attachmentHref, messageKeys, messagesApi } from './messages-api';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** `/portal/messages/:id`: one message as it was sent to the person, with its files to download. */
export function PortalMessagePage() {
  const { id = '' } = useParams();
  const message = useQuery({
    queryKey: messageKeys.one(id),
    queryFn: ({ signal }) => messagesApi.get(id, signal),
  });
  const back = (
    <Anchor component={Link} to="/portal/messages">
      All messages
    </Anchor>
  );
  if (message.isPending) return <LoadingState label="Loading the message…" />;
  if (message.isError)
    return (
      <Stack gap="md">
        <ErrorState
          error={message.error}
          title="The message could not be loaded"
          onRetry={() => void message.refetch()}
        />
        {back}
      </Stack>
    );
  const m = message.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={m.subject || '(no subject)'}
        documentTitle="Message"
        description={`Sent ${formatDateTime(m.sent_at)}`}
        actions={back}
      />
      <Paper withBorder p="lg" component="article" aria-label="Message">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html, the message editor's formatting only) */}
        <div className="message-body" dangerouslySetInnerHTML={{ __html: m.html_body }} />
      </Paper>
      {m.attachments.length > 0 ? (
        <section aria-labelledby="attachments-title">
          <Title order={2} size="h3" id="attachments-title" mb="xs">
            Attachments
          </Title>
          <List spacing="xs">
            {m.attachments.map((a) => (
              <List.Item key={a.id}>
                <Anchor href={attachmentHref(m.id, a.id)} download={a.name}>
                  Download {a.name}
                </Anchor>{' '}
                <Text span size="sm">
                  ({kilobytes(a.size_bytes)})
                </Text>
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}
