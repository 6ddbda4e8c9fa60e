import { type InvestigationOutput, investigationOutcomes, investigationStatuses } from '@licensure/contracts';
import { Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { complaintsApi, todayIso } from './complaints-api';

export const outcomeLabels: Record<string, string> = {
  none: 'No outcome yet',
  dismissed: 'Dismissed',
  reprimand: 'Reprimand',
  probation: 'Probation',
  suspension: 'Suspension',
  revocation: 'Revocation',
};
export const investigationStatusLabels: Record<string, string> = {
  open: 'Open',
  review: 'In review',
  closed: 'Closed',
};

/** Outcomes that are discipline: recording one is asked about first. */
const disciplinary = new Set(['reprimand', 'probation', 'suspension', 'revocation']);
const reachesCredentials = new Set(['suspension', 'revocation']);

/**
 * The investigation's status, findings and disciplinary outcome. A new disciplinary outcome is confirmed
 * first: a suspension or revocation changes the status of the subject's credentials at once.
 */
export function OutcomeForm({ inv, onSaved }: { inv: InvestigationOutput; onSaved(): void }) {
  const [status, setStatus] = useState<string>(inv.status);
  const [outcome, setOutcome] = useState<string>(inv.outcome);
  const [date, setDate] = useState(inv.outcome_date ?? todayIso());
  const [isPublic, setPublic] = useState(inv.outcome_public);
  const [findings, setFindings] = useState(inv.findings ?? '');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const save = useMutation({
    mutationFn: () =>
      complaintsApi.saveInvestigation(inv, {
        status: status as InvestigationOutput['status'],
        outcome: outcome as InvestigationOutput['outcome'],
        outcome_date: outcome === 'none' ? null : date,
        outcome_public: isPublic,
        findings: findings || null,
      }),
    onSuccess: () => {
      setConfirming(false);
      setMessage({ text: 'Investigation saved.', error: false });
      onSaved();
    },
    onError: (e) => {
      setConfirming(false);
      setMessage({ text: errorMessage(e), error: true });
    },
  });
  const label = outcomeLabels[outcome] ?? outcome;
  const confirmText = reachesCredentials.has(outcome)
    ? `Record a ${label.toLowerCase()}? The status of the subject's credentials changes at once${isPublic ? ', and the public verification page shows it' : ''}.`
    : `Record a ${label.toLowerCase()} as the outcome of this investigation?`;
  return (
    <form
      aria-label="Findings and outcome"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        if (disciplinary.has(outcome) && outcome !== inv.outcome) setConfirming(true);
        else save.mutate();
      }}
    >
      <Stack gap="xs">
        <Title order={2} size="h3">
          Findings and outcome
        </Title>
        <Group align="flex-end">
          <Select
            label="Investigation status"
            data={investigationStatuses.map((s) => ({ value: s, label: investigationStatusLabels[s] ?? s }))}
            value={status}
            onChange={(v) => setStatus(v ?? 'open')}
            allowDeselect={false}
          />
          <Select
            label="Outcome"
            data={investigationOutcomes.map((o) => ({ value: o, label: outcomeLabels[o] ?? o }))}
            value={outcome}
            onChange={(v) => setOutcome(v ?? 'none')}
            allowDeselect={false}
          />
          <TextInput
            label="Outcome date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
        </Group>
        <Checkbox
          label="Public disciplinary action (shown on the public verification page)"
          checked={isPublic}
          onChange={(e) => setPublic(e.currentTarget.checked)}
        />
        <Textarea
          label="Findings"
          value={findings}
          onChange={(e) => setFindings(e.currentTarget.value)}
          autosize
          minRows={3}
        />
        <Text size="sm">
          A suspension or revocation changes the status of the linked credential, or of every current
          credential of the complaint's subject.
        </Text>
        {message ? (
          <Text c={message.error ? 'red.8' : undefined} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending && !confirming}>
            Save outcome
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Record a ${label.toLowerCase()}`}
        message={confirmText}
        confirmLabel={`Record the ${label.toLowerCase()}`}
        busy={save.isPending}
        danger={reachesCredentials.has(outcome)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => save.mutate()}
      />
    </form>
  );
}
