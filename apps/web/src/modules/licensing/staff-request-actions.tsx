import type { LicenseRequestDetail } from '@licensure/contracts';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { DecisionEffects, useDecisionPreview } from './decision-effects';
import { licensingApi, licensingKeys } from './licensing-api';
import { formatMoney } from './licensing-format';
import { useStoreDetail } from './staff-decisions';

type Detail = LicenseRequestDetail;

/** Records a process's new status with a note in the request's history. */
export function ProcessChangeForm({ request }: { request: Detail }) {
  const store = useStoreDetail(request.id);
  const licenceId = request.license_id ?? undefined;
  const statuses = useQuery({
    queryKey: licensingKeys.processStatuses(licenceId),
    queryFn: ({ signal }) => licensingApi.processStatuses(licenceId, signal),
    enabled: !!licenceId,
  });
  const rows = statuses.data?.items ?? [];
  const processes = [...new Map(rows.map((s) => [s.process_id, s.process_label])).entries()];
  const [processId, setProcessId] = useState('');
  const [statusId, setStatusId] = useState('');
  const [note, setNote] = useState('');
  const [toApplicant, setToApplicant] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () =>
      licensingApi.processChange({
        licenseRequestID: request.id,
        processID: processId,
        statusID: statusId,
        note: note.trim() || null,
        ...(toApplicant ? { toApplicant: true } : {}),
      }),
    onSuccess: (detail) => {
      store(detail);
      const p = rows.find((s) => s.id === statusId);
      setDone(p ? `${p.process_label} is now ${p.label}.` : 'The process status was changed.');
      setNote('');
      setToApplicant(false);
      setStatusId('');
    },
  });
  const { fields, other } = change.isError
    ? fieldErrorsOf(change.error, ['processID', 'statusID', 'note'])
    : { fields: {} as Record<string, string>, other: [] as string[] };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    change.mutate();
  };
  if (statuses.isSuccess && rows.length === 0) return <Text>This licence has no process with statuses.</Text>;
  return (
    <form onSubmit={submit} aria-labelledby="process-change-heading">
      <Stack gap="sm" maw={520}>
        <Text fw={700} id="process-change-heading">
          Change process status
        </Text>
        <NativeSelect
          label="Process"
          required
          value={processId}
          error={fields.processID}
          onChange={(e) => {
            setProcessId(e.currentTarget.value);
            setStatusId('');
          }}
          data={[
            { value: '', label: 'Choose a process' },
            ...processes.map(([value, label]) => ({ value, label })),
          ]}
        />
        <NativeSelect
          label="Process status"
          required
          value={statusId}
          error={fields.statusID}
          disabled={!processId}
          onChange={(e) => setStatusId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Choose a status' },
            ...rows.filter((s) => s.process_id === processId).map((s) => ({ value: s.id, label: s.label })),
          ]}
        />
        <Textarea
          label="Note"
          description="Internal: only staff read it, unless you send it to the applicant."
          error={fields.note}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          rows={3}
        />
        <Checkbox
          label="Send the note to the applicant"
          checked={toApplicant}
          onChange={(e) => setToApplicant(e.currentTarget.checked)}
        />
        {change.isError && Object.keys(fields).length === 0 ? (
          <Alert color="red" title="The process status could not be changed" role="alert">
            {other.length ? other.join(' ') : errorMessage(change.error)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={change.isPending} disabled={!processId || !statusId}>
            Change process status
          </Button>
          {done ? (
            <Text size="sm" role="status">
              {done}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The request's own status, chosen from the licence's request statuses. */
export function RequestStatusForm({ request }: { request: Detail }) {
  const store = useStoreDetail(request.id);
  const licenceId = request.license_id ?? undefined;
  const statuses = useQuery({
    queryKey: licensingKeys.requestStatuses(licenceId),
    queryFn: ({ signal }) => licensingApi.requestStatuses(licenceId, signal),
    enabled: !!licenceId,
  });
  const [statusId, setStatusId] = useState(request.status_id ?? '');
  const [done, setDone] = useState(false);
  const change = useMutation({
    mutationFn: () => licensingApi.changeStatus(request.id, request.license_id ?? '', statusId),
    onSuccess: (detail) => {
      store(detail);
      setDone(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    change.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Request status">
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label="Request status"
          value={statusId}
          onChange={(e) => setStatusId(e.currentTarget.value)}
          data={[
            { value: '', label: 'Choose a status' },
            ...(statuses.data?.items ?? []).map((s) => ({ value: s.id, label: s.label })),
          ]}
        />
        <Button type="submit" variant="default" loading={change.isPending} disabled={!statusId}>
          Save status
        </Button>
      </Group>
      {done ? (
        <Text size="sm" role="status" mt="xs">
          The request status was saved.
        </Text>
      ) : null}
      {change.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" mt="xs">
          {errorMessage(change.error)}
        </Text>
      ) : null}
    </form>
  );
}

/**
 * Approves a submitted request after a confirmation that shows what it will change (the plan the
 * approval applies): credentials issued, extended or superseded, processes not passed, concerns. Failed
 * or missing required processes block it unless the reviewer may override and gives a reason.
 */
export function ApproveButton({ request }: { request: Detail }) {
  const store = useStoreDetail(request.id);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [note, setNote] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [reason, setReason] = useState('');
  const [issued, setIssued] = useState<string[] | null>(null);
  const preview = useDecisionPreview(request.id, 'approve', opened);
  const unpaidCents = preview.data?.unpaid_cents ?? 0;
  const blocked = preview.data?.blocked ?? false;
  const approve = useMutation({
    mutationFn: () =>
      licensingApi.approve(
        request.id,
        note.trim() || null,
        unpaidCents > 0 && acknowledged,
        blocked ? reason.trim() : undefined,
      ),
    onSuccess: (detail) => {
      store(detail);
      void queryClient.invalidateQueries({ queryKey: licensingKeys.certifications() });
      setIssued(detail.certifications.map((c) => c.number));
      setOpened(false);
    },
  });
  const ready = preview.isSuccess && preview.data.allowed;
  const canApprove =
    ready &&
    (unpaidCents === 0 || acknowledged) &&
    (!blocked || (preview.data.may_override && reason.trim().length > 0));
  const open = () => {
    approve.reset();
    setOpened(true);
  };
  return (
    <>
      <Button
        onClick={open}
        disabled={
          !(request.review_state === 'submitted' || request.review_state === 'info_requested') ||
          !!request.deleted_at ||
          request.certifications.length > 0
        }
      >
        Approve
      </Button>
      {issued ? (
        <Alert color="green" title="Request approved" role="status" w="100%">
          Credentials issued: {issued.join(', ') || 'none'}.
        </Alert>
      ) : null}
      <Modal.Root opened={opened} onClose={() => setOpened(false)} centered size="lg">
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>Approve this request?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              <DecisionEffects query={preview} />
              {blocked && preview.data ? (
                <Alert color="red" title="Approval is blocked" role="alert">
                  <Text size="sm" mb="xs">
                    {preview.data.blockers.join('; ')}.
                  </Text>
                  {preview.data.may_override ? (
                    <Textarea
                      label="Reason for approving anyway"
                      description="Recorded in the request's history with what blocked it"
                      required
                      value={reason}
                      onChange={(e) => setReason(e.currentTarget.value)}
                      rows={2}
                    />
                  ) : (
                    <Text size="sm">
                      Only a reviewer allowed to override blocked approvals may approve it; record the
                      processes first, or ask one.
                    </Text>
                  )}
                </Alert>
              ) : null}
              <Textarea
                label="Approval note"
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                rows={3}
              />
              {unpaidCents > 0 ? (
                <Alert color="yellow" title="Fees are unpaid">
                  <Text size="sm" mb="xs">
                    {formatMoney(unpaidCents)} of this request's fees are not paid. The history will say it
                    was approved with fees unpaid.
                  </Text>
                  <Checkbox
                    label="Approve with fees unpaid"
                    checked={acknowledged}
                    onChange={(e) => setAcknowledged(e.currentTarget.checked)}
                  />
                </Alert>
              ) : null}
              {approve.isError ? (
                <Text c="var(--mantine-color-error)" role="alert">
                  {errorMessage(approve.error)}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
                  Cancel
                </Button>
                <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={!canApprove}>
                  {blocked ? 'Override and approve' : 'Approve and issue'}
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
