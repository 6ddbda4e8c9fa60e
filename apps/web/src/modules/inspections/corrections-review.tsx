import type { DeficiencyCorrectionOutput, InspectionOutput } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { correctionKeys, correctionStatusLabel, correctionsApi } from './corrections-api';
import { documentContentHref, inspectionKeys } from './inspections-api';

type Decision = { correction: DeficiencyCorrectionOutput; accept: boolean };

/**
 * The corrections the service sent for the deficiencies of a submitted inspection, each with Accept or
 * Reject (with a reason the administrator is sent), both asked before they are done.
 */
export function CorrectionsReview({
  inspection,
  canWrite,
}: {
  inspection: Pick<InspectionOutput, 'id' | 'deficiencies'>;
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const corrections = useQuery({
    queryKey: correctionKeys.ofInspection(inspection.id),
    queryFn: () => correctionsApi.ofInspection(inspection.id),
  });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (d: Decision) =>
      d.accept
        ? correctionsApi.accept(d.correction.id)
        : correctionsApi.reject(d.correction.id, reason.trim()),
    onSuccess: (_, d) => {
      setDeciding(null);
      setReason('');
      setNotice(
        d.accept
          ? 'The correction was accepted: its deficiency is marked corrected.'
          : 'The correction was rejected and the administrator was sent the reason.',
      );
      void client.invalidateQueries({ queryKey: correctionKeys.ofInspection(inspection.id) });
      void client.invalidateQueries({ queryKey: inspectionKeys.inspection(inspection.id) });
    },
  });
  const close = () => {
    setDeciding(null);
    setReasonError(null);
    decide.reset();
  };
  const nameOf = (deficiencyId: string) => {
    const d = inspection.deficiencies.find((x) => x.id === deficiencyId);
    return d ? (d.deficiency ?? d.description) : 'A deficiency';
  };

  return (
    <section aria-labelledby="corrections-heading">
      <Title order={2} size="h3" id="corrections-heading" mb="sm">
        Corrections from the service
      </Title>
      {corrections.isPending ? <LoadingState label="Loading the corrections…" /> : null}
      {corrections.isError ? (
        <ErrorState title="The corrections could not be loaded" error={corrections.error} />
      ) : null}
      {notice ? (
        <Alert color="green" role="status" mb="sm">
          {notice}
        </Alert>
      ) : null}
      {corrections.data?.length === 0 ? <Text>The service has not sent a correction yet.</Text> : null}
      <Stack gap="sm">
        {corrections.data?.map((c) => (
          <Paper
            key={c.id}
            withBorder
            p="md"
            radius="md"
            component="article"
            aria-label={`Correction of ${nameOf(c.deficiency_id)}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{nameOf(c.deficiency_id)}</Text>
                <Badge
                  variant="light"
                  color={c.status === 'accepted' ? 'green' : c.status === 'rejected' ? 'red' : 'blue'}
                >
                  {correctionStatusLabel[c.status]}
                </Badge>
              </Group>
              <Text size="sm">{`${c.submitted_by_name ?? 'The administrator'}, ${new Date(c.created_at).toLocaleString()}: ${c.correction}`}</Text>
              {c.document_id ? (
                <Anchor href={documentContentHref(c.document_id)} target="_blank" rel="noopener" size="sm">
                  {`Open the document ${c.document_name ?? ''}`.trim()}
                </Anchor>
              ) : null}
              {c.reject_reason ? <Text size="sm">{`Reason given: ${c.reject_reason}`}</Text> : null}
              {canWrite && c.status === 'submitted' ? (
                <Group gap="sm">
                  <Button size="xs" onClick={() => setDeciding({ correction: c, accept: true })}>
                    Accept
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => setDeciding({ correction: c, accept: false })}
                  >
                    Reject
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        opened={deciding?.accept === true}
        title="Accept this correction?"
        message={`The deficiency "${deciding ? nameOf(deciding.correction.deficiency_id) : ''}" is marked corrected today.`}
        confirmLabel="Accept the correction"
        busy={decide.isPending}
        error={decide.isError ? errorMessage(decide.error) : null}
        onCancel={close}
        onConfirm={() => deciding && decide.mutate(deciding)}
      />
      <Modal opened={deciding?.accept === false} onClose={close} title="Reject this correction?" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setReasonError('Give the reason the correction is rejected.');
              return;
            }
            setReasonError(null);
            if (deciding) decide.mutate(deciding);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              The administrator who sent it is mailed the reason and may send a new correction.
            </Text>
            <Textarea
              label="Reason"
              required
              autosize
              minRows={2}
              maxLength={2000}
              value={reason}
              error={reasonError}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            {decide.isError ? (
              <Text c="var(--mantine-color-error)" role="alert">
                {errorMessage(decide.error)}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={decide.isPending}>
                Reject the correction
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
