import type { LicenseRequestDetail } from '@licensure/contracts';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { uploadDocument } from '../documents/documents-api';
import { licensingApi, licensingKeys } from './licensing-api';

type Detail = LicenseRequestDetail;

function useStore(id: string) {
  const queryClient = useQueryClient();
  return (detail: Detail) => {
    queryClient.setQueryData(licensingKeys.request(id), detail);
    void queryClient.invalidateQueries({ queryKey: licensingKeys.mine() });
  };
}

/** The reviewer's decision as the applicant reads it: denied with the reason, or approved. */
export function DecisionNotice({ request }: { request: Detail }) {
  if (request.review_state !== 'denied' && request.review_state !== 'withdrawn') return null;
  const entry = [...request.history].reverse().find((h) => h.kind === request.review_state);
  if (request.review_state === 'withdrawn')
    return (
      <Alert color="gray" title="You withdrew this request" role="status">
        {entry?.note ? `Reason: ${entry.note}` : 'It will not be reviewed.'}
      </Alert>
    );
  return (
    <Alert color="red" title="Your request was denied" role="status">
      <Text size="sm">Reason: {entry?.note ?? 'none given'}</Text>
    </Alert>
  );
}

/** What the reviewer asks now: corrections (with the forms and fields to fix) or more information. */
export function PendingNotice({ request }: { request: Detail }) {
  const p = request.pending;
  if (!p) return null;
  if (p.kind === 'returned')
    return (
      <Alert color="yellow" title="Returned to you for corrections" role="status">
        <Stack gap="xs">
          <Text size="sm">Message from the reviewer: {p.note}</Text>
          {p.details?.forms?.length ? (
            <div>
              <Text size="sm">Forms to fix:</Text>
              <List size="sm">
                {p.details.forms.map((f) => (
                  <List.Item key={f.form_id}>{f.form_name}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {p.details?.fields?.length ? (
            <Text size="sm">Fields to fix: {p.details.fields.join(', ')}</Text>
          ) : null}
          <Text size="sm">Correct them, then submit the request again.</Text>
        </Stack>
      </Alert>
    );
  return <InfoRequest request={request} />;
}

/** The reviewer's request for a document or an answer, and the form that answers it. */
function InfoRequest({ request }: { request: Detail }) {
  const p = request.pending!;
  const store = useStore(request.id);
  const [answer, setAnswer] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const doc = file ? await uploadDocument(file, {}, () => {}) : null;
      return licensingApi.answerInfo(request.id, answer.trim() || null, doc?.id ?? null);
    },
    onSuccess: store,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const wantsDocument = p.details?.info_kind === 'document';
  return (
    <Alert color="yellow" title="The reviewer asks for more information" role="status">
      <form onSubmit={submit} aria-label="Answer the reviewer">
        <Stack gap="sm">
          <Text size="sm">Message from the reviewer: {p.note}</Text>
          <Textarea
            label="Your answer"
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
            rows={3}
          />
          <FileInput
            label={wantsDocument ? 'Document requested' : 'Document (optional)'}
            placeholder="Choose a file"
            value={file}
            onChange={setFile}
            clearable
          />
          {send.isError ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {errorMessage(send.error)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={!answer.trim() && !file}>
              Send to the reviewer
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}

/** The applicant withdraws a request that is not decided yet, with an optional reason. */
export function WithdrawButton({ request }: { request: Detail }) {
  const store = useStore(request.id);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const withdraw = useMutation({
    mutationFn: () => licensingApi.withdraw(request.id, reason.trim() || null),
    onSuccess: (detail) => {
      store(detail);
      setOpened(false);
    },
  });
  if (
    !['draft', 'submitted', 'returned', 'info_requested'].includes(request.review_state) ||
    request.deleted_at
  )
    return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    withdraw.mutate();
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Withdraw request
      </Button>
      <Modal.Root opened={opened} onClose={() => setOpened(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>Withdraw this request?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <form onSubmit={submit}>
              <Stack gap="md">
                <Text size="sm">A withdrawn request is not reviewed. You can apply again later.</Text>
                <Textarea
                  label="Reason for withdrawing (optional)"
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  rows={3}
                />
                {withdraw.isError ? (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert">
                    {errorMessage(withdraw.error)}
                  </Text>
                ) : null}
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={() => setOpened(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" color="red" loading={withdraw.isPending}>
                    Withdraw
                  </Button>
                </Group>
              </Stack>
            </form>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
