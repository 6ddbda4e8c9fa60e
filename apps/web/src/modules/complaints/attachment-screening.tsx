import type { ScreeningAttachment } from '@licensure/contracts';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { ErrorState } from '../../platform/components/status';
import { complaintKeys, complaintsApi, describeSize } from './complaints-api';

/**
 * Files sent with the public complaint form wait here until staff release them to the complaint's
 * documents or discard them (with a reason, after a confirmation). Only name, type and size are shown:
 * the content is not served before release.
 */
export function AttachmentScreening({ complaintId }: { complaintId: string }) {
  const headingId = useId();
  const client = useQueryClient();
  const waiting = useQuery({
    queryKey: complaintKeys.screening(complaintId),
    queryFn: () => complaintsApi.screening(complaintId),
  });
  const [done, setDone] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<ScreeningAttachment | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: complaintKeys.screening(complaintId) }),
      client.invalidateQueries({ queryKey: complaintKeys.documents(complaintId) }),
    ]);
  const release = useMutation({
    mutationFn: (a: ScreeningAttachment) => complaintsApi.release(complaintId, a.id),
    onSuccess: async (_, a) => {
      setDone(`${a.name} was released to the documents.`);
      await refresh();
    },
  });

  if (waiting.isError)
    return <ErrorState title="The files awaiting screening could not be loaded" error={waiting.error} />;
  if (!waiting.data || (waiting.data.length === 0 && !done)) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        Files awaiting screening
      </Title>
      <Text size="sm">
        These files came with the public complaint form and are not opened until released. Check the name,
        type and size, then release each file to the documents or discard it.
      </Text>
      <Text role="status" size="sm">
        {done ?? ''}
      </Text>
      {release.isError ? (
        <Alert color="red" role="alert" title="The file was not released">
          {errorMessage(release.error)}
        </Alert>
      ) : null}
      {waiting.data.length > 0 ? (
        <List spacing="xs" aria-label="Files awaiting screening">
          {waiting.data.map((a) => (
            <List.Item key={a.id}>
              <Group gap="sm" wrap="wrap">
                <Text>{`${a.name} (${a.mime_type}, ${describeSize(a.size_bytes)})`}</Text>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Release ${a.name}`}
                  loading={release.isPending && release.variables?.id === a.id}
                  onClick={() => release.mutate(a)}
                >
                  Release
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  aria-label={`Discard ${a.name}`}
                  onClick={() => setDiscarding(a)}
                >
                  Discard
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">No files await screening.</Text>
      )}
      <DiscardDialog
        complaintId={complaintId}
        attachment={discarding}
        onClose={() => setDiscarding(null)}
        onDiscarded={async (a) => {
          setDiscarding(null);
          setDone(`${a.name} was discarded.`);
          await refresh();
        }}
      />
    </Stack>
  );
}

/** Asks for the reason before a file is discarded; the reason goes to the change log. */
function DiscardDialog(props: {
  complaintId: string;
  attachment: ScreeningAttachment | null;
  onClose(): void;
  onDiscarded(a: ScreeningAttachment): void;
}) {
  const [reason, setReason] = useState('');
  const discard = useMutation({
    mutationFn: (a: ScreeningAttachment) => complaintsApi.discard(props.complaintId, a.id, reason),
    onSuccess: (_, a) => {
      setReason('');
      props.onDiscarded(a);
    },
  });
  const close = () => {
    setReason('');
    discard.reset();
    props.onClose();
  };
  const fieldError = discard.error instanceof ApiError ? discard.error.fields.reason : undefined;
  const a = props.attachment;
  return (
    <Modal.Root opened={!!a} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div> header: the stock <header> would make a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title>{`Discard ${a?.name ?? 'the file'}?`}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (a) discard.mutate(a);
            }}
          >
            <Stack gap="sm">
              <Text>
                The file is removed from the complaint without being opened. This cannot be undone here.
              </Text>
              <Textarea
                label="Why is it discarded?"
                required
                data-autofocus
                autosize
                minRows={2}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={fieldError}
              />
              {discard.isError && !fieldError ? (
                <Text c="var(--mantine-color-error)" role="alert">
                  {errorMessage(discard.error)}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={discard.isPending}>
                  Discard the file
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
