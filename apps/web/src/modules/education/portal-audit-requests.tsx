import type { CeAuditMemberOutput } from '@licensure/contracts';
import { Alert, Button, FileInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { formatDate } from '../../platform/display/format';
import { educationApi, educationKeys } from './education-api';
import { uploadOwnDocument } from './upload-own-document';

const statusText: Record<CeAuditMemberOutput['status'], string> = {
  requested: 'Proof requested',
  submitted: 'Proof sent, awaiting review',
  accepted: 'Accepted',
  deficient: 'Found deficient',
};

function AuditRequest({ member }: { member: CeAuditMemberOutput }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error('Choose the file with your certificates.');
      const doc = await uploadOwnDocument(file, 'Proof of continuing education hours');
      return educationApi.sendProof(member.id, doc.id, note);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: educationKeys.myAudits }),
  });
  const open = member.status === 'requested' || member.status === 'submitted';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {member.label}
        </Title>
        <Text size="sm">
          Status: {statusText[member.status]}. Due by {formatDate(member.due_date)}.
        </Text>
        {open ? (
          <>
            <FileInput
              label="Proof of your hours"
              description="A PDF or image of your course certificates"
              value={file}
              onChange={setFile}
              accept="application/pdf,image/*"
              maw={420}
            />
            <Textarea
              label="Note for the reviewer"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={2000}
              maw={420}
            />
            <div>
              <Button onClick={() => send.mutate()} loading={send.isPending} disabled={!file}>
                Send proof
              </Button>
            </div>
            {send.isError ? (
              <Text c="var(--mantine-color-error)" role="alert" size="sm">
                {errorMessage(send.error)}
              </Text>
            ) : null}
            {send.isSuccess ? (
              <Text role="status" size="sm">
                Your proof was sent.
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The CE audits the person was sampled in: what to prove and by when, with the upload. */
export function PortalAuditRequests() {
  const audits = useQuery({
    queryKey: educationKeys.myAudits,
    queryFn: ({ signal }) => educationApi.myAudits(signal),
  });
  if (!audits.data || audits.data.length === 0) return null;
  return (
    <Alert color="yellow" title="Continuing education audit" component="section">
      <Stack gap="sm">
        <Text size="sm">
          You were selected for an audit of your continuing education. Send proof of your hours before the due
          date.
        </Text>
        {audits.data.map((m) => (
          <AuditRequest key={m.id} member={m} />
        ))}
      </Stack>
    </Alert>
  );
}
