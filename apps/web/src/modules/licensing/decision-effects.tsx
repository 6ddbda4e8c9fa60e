import type { CredentialEffect, DecisionPreview, ProcessCheck } from '@licensure/contracts';
import { reviewStateLabels } from '@licensure/contracts';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/errors';
import { LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { formatDateTime } from '../responses/response-format';
import { licensingApi, licensingKeys } from './licensing-api';
import { formatMoney } from './licensing-format';

const date = (d: string | null) => (d ? formatDate(d) : 'none');
const cycle = (c: CredentialEffect['ce_cycle_before']) =>
  c ? `${formatDate(c.start)} to ${formatDate(c.end)}` : null;

/** One credential effect in words, with old → new dates and the CE cycle open today. */
export function effectLine(e: CredentialEffect): string {
  const name = `${e.number ?? `A new ${e.level_label ?? ''} credential`.replace(/ +/g, ' ')}${
    e.number && e.level_label ? ` (${e.level_label})` : ''
  }`;
  const late = e.issued_after_submission ? ' It was issued after this request was submitted.' : '';
  const ce =
    e.ce_cycle_before || e.ce_cycle_after
      ? ` CE cycle: ${
          cycle(e.ce_cycle_before) === cycle(e.ce_cycle_after) || !e.ce_cycle_before
            ? `${cycle(e.ce_cycle_after)}${e.ce_cycle_before ? ' (unchanged)' : ''}`
            : `${cycle(e.ce_cycle_before)} → ${cycle(e.ce_cycle_after)}`
        }.`
      : '';
  switch (e.effect) {
    case 'issued':
      return `Issued: ${name}, numbered on approval, expires ${date(e.expiration_after)}.${ce}`;
    case 'extended':
      return `Extended: ${name}, expiry ${date(e.expiration_before)} → ${date(e.expiration_after)}.${ce}${late}`;
    case 'superseded':
      return `Made inactive (superseded by the licence's rule): ${name}, status ${e.status_before} → ${e.status_after}, expires ${date(e.expiration_after)}.${late}`;
    default:
      return `Kept as it is: ${name}, expires ${date(e.expiration_after)}.${late}`;
  }
}

const processLine = (p: ProcessCheck) =>
  `${p.process_label}${p.required ? ' (required)' : ''}: ${
    p.outcome === 'missing' ? 'no status' : `${p.status_label ?? ''} (${p.outcome})`
  }${p.blocks ? ' — blocks approval' : ''}`;

/** What a decision will change, as its dialog shows it before the reviewer confirms. */
export function DecisionEffectsView({ preview }: { preview: DecisionPreview }) {
  const problems = preview.processes.filter((p) => p.outcome !== 'passed');
  const concerns = preview.notes.filter((n) => n.concern);
  const others = preview.notes.filter((n) => !n.concern);
  return (
    <Stack gap="sm">
      {preview.refusal ? (
        <Alert color="red" title="This decision cannot be taken now" role="alert">
          {preview.refusal}
        </Alert>
      ) : null}
      <section aria-labelledby="effects-title">
        <Title order={3} size="h5" id="effects-title">
          What this {preview.decision === 'approve' ? 'approval' : 'denial'} changes
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>The request becomes {reviewStateLabels[preview.state_after].toLowerCase()}.</List.Item>
          {preview.decision === 'approve' && preview.credentials.length === 0 && !preview.refusal ? (
            <List.Item>No credential changes.</List.Item>
          ) : null}
          {preview.decision === 'deny' ? <List.Item>No credential changes.</List.Item> : null}
          {preview.credentials.map((e) => (
            <List.Item key={`${e.effect}-${e.certification_id ?? e.level_id}`}>{effectLine(e)}</List.Item>
          ))}
          {preview.unpaid_cents > 0 ? (
            <List.Item>Fees unpaid: {formatMoney(preview.unpaid_cents)}.</List.Item>
          ) : null}
        </List>
      </section>
      {problems.length > 0 ? (
        <section aria-labelledby="processes-title">
          <Title order={3} size="h5" id="processes-title">
            Processes not passed
          </Title>
          <List size="sm" spacing={4}>
            {problems.map((p) => (
              <List.Item key={p.process_id}>{processLine(p)}</List.Item>
            ))}
          </List>
        </section>
      ) : null}
      {concerns.length > 0 ? (
        <Alert color="yellow" title="Concerns" role="note">
          <List size="sm" spacing={4}>
            {concerns.map((n) => (
              <List.Item key={n.id}>
                {n.note} ({n.user_name ?? 'staff'}, {formatDateTime(n.at)})
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="notes-title">
          <Title order={3} size="h5" id="notes-title">
            Staff notes to weigh
          </Title>
          <List size="sm" spacing={4}>
            {others.map((n) => (
              <List.Item key={n.id}>
                {n.note} ({n.source === 'person' ? 'on the person' : 'on the request'},{' '}
                {n.user_name ?? 'staff'}, {formatDateTime(n.at)})
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}

/** Loads the preview of a decision while its dialog is open. */
export function useDecisionPreview(id: string, decision: 'approve' | 'deny', enabled: boolean) {
  return useQuery({
    queryKey: licensingKeys.decisionPreview(id, decision),
    queryFn: ({ signal }) => licensingApi.decisionPreview(id, decision, signal),
    enabled,
    staleTime: 0,
  });
}

/** The preview in a dialog: loading, failed, or its effects. */
export function DecisionEffects({ query }: { query: ReturnType<typeof useDecisionPreview> }) {
  if (query.isPending) return <LoadingState label="Working out what this decision changes…" />;
  if (query.isError)
    return (
      <Text c="var(--mantine-color-error)" role="alert">
        What this decision changes could not be worked out: {errorMessage(query.error)}
      </Text>
    );
  return <DecisionEffectsView preview={query.data} />;
}
