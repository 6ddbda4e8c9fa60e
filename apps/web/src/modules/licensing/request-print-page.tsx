import { type LicenseRequestDetail, type ResponseOutput, reviewStateLabels } from '@licensure/contracts';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../platform/components/page-header';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { formatDateTime } from '../responses/response-format';
import { responsesApi } from '../responses/responses-api';
import { licensingApi, licensingKeys } from './licensing-api';
import { formatMoney, formState } from './licensing-format';
import './request-print.css';

type Detail = LicenseRequestDetail;

/** A response's answers as label and text, in the order of its form (choices by their labels). */
export function answerLines(response: ResponseOutput): { id: string; label: string; value: string }[] {
  const answers = new Map(response.questions.map((a) => [a.question_id, a]));
  const lines: { id: string; label: string; value: string }[] = [];
  for (const page of response.form?.pages ?? [])
    for (const group of page.groups)
      for (const q of group.questions) {
        const a = answers.get(q.id ?? '');
        if (!a) continue;
        let value = a.value ?? '';
        if (q.options.length && value)
          value = value
            .split(',')
            .map((id) => q.options.find((o) => o.id === id)?.label ?? id)
            .join(', ');
        if (a.signature) value = 'Signed';
        if (a.file_name) value = a.file_name;
        lines.push({ id: a.question_id, label: q.label, value: value || '—' });
      }
  return lines;
}

function FormAnswers({ name, response }: { name: string; response: ResponseOutput | undefined }) {
  const lines = response ? answerLines(response) : [];
  return (
    <section className="print-block" aria-label={`Answers to ${name}`}>
      <Title order={3} size="h4">
        {name}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm">No answers.</Text>
      ) : (
        <dl className="print-answers">
          {lines.map((l) => (
            <div key={l.id}>
              <dt>{l.label}</dt>
              <dd>{l.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * `/staff/requests/:id/print` and `/portal/requests/:id/print`: the request on paper — answers,
 * documents, charges and history. The applicant's copy comes from the portal API, which never holds
 * internal notes; the staff copy shows them, each marked internal.
 */
export function RequestPrintPage({ audience }: { audience: 'staff' | 'applicant' }) {
  const { id = '' } = useParams();
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  const answered = (request.data?.forms ?? []).filter((f) => f.response_id);
  const responses = useQueries({
    queries: answered.map((f) => ({
      queryKey: ['responses', 'one', f.response_id as string],
      queryFn: ({ signal }: { signal: AbortSignal }) => responsesApi.get(f.response_id as string, signal),
    })),
  });
  const documents = useQueries({
    queries: answered.map((f) => ({
      queryKey: licensingKeys.documents(f.response_id as string),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        licensingApi.documents(f.response_id as string, signal),
    })),
  });
  const r: Detail | undefined = request.data;
  usePageTitle(
    r ? `Print: ${r.subject_name ?? 'Request'} — ${r.license_name ?? 'Licence'}` : 'Print request',
  );
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError || !r)
    return <LoadFailure error={request.error} what="the request" onRetry={() => void request.refetch()} />;
  const back = audience === 'staff' ? `/staff/requests/${r.id}` : `/portal/requests/${r.id}`;
  const docs = documents.flatMap((d) => d.data?.items ?? []);
  return (
    <Stack gap="md" className="print-page">
      <Group className="print-hide" gap="sm">
        <Anchor component={Link} to={back}>
          Back to the request
        </Anchor>
        <Button variant="default" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Title order={1}>
        {r.renews_certification_id ? 'Renewal' : 'Application'}: {r.license_name ?? 'Licence'}
      </Title>
      <Text>
        Applicant: {r.subject_name ?? 'Unnamed applicant'}. {reviewStateLabels[r.review_state]}
        {r.status_label ? ` (status ${r.status_label})` : ''}. Started {formatDateTime(r.created_at)}
        {r.completed_on ? `; submitted ${formatDateTime(r.completed_on)}` : ''}.
      </Text>
      <section className="print-block" aria-labelledby="print-answers-heading">
        <Title order={2} size="h3" id="print-answers-heading">
          Answers
        </Title>
        {r.forms.length === 0 ? <Text>This licence asks for no forms.</Text> : null}
        {r.forms.map((f) =>
          f.response_id ? (
            <FormAnswers key={f.form_id} name={f.form_name} response={responses[answered.indexOf(f)]?.data} />
          ) : (
            <Text key={f.form_id}>
              {f.form_name}: {formState(f).label}
            </Text>
          ),
        )}
      </section>
      <section className="print-block" aria-labelledby="print-documents-heading">
        <Title order={2} size="h3" id="print-documents-heading">
          Documents
        </Title>
        {docs.length === 0 ? (
          <Text>No document was uploaded with this request.</Text>
        ) : (
          <ul>
            {docs.map((d) => (
              <li key={d.id}>
                {d.name} ({d.mime_type}), uploaded {formatDateTime(d.created_at)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="print-block" aria-labelledby="print-charges-heading">
        <Title order={2} size="h3" id="print-charges-heading">
          Charges
        </Title>
        {r.charges.length === 0 ? <Text>No charges.</Text> : null}
        <ul>
          {r.charges.map((c) => (
            <li key={c.id}>
              {c.description}: {formatMoney(c.amount_cents)} ({c.paid ? 'paid' : 'not paid'})
            </li>
          ))}
        </ul>
      </section>
      <section className="print-block" aria-labelledby="print-history-heading">
        <Title order={2} size="h3" id="print-history-heading">
          History
        </Title>
        <ol className="print-history">
          {r.history.map((h) => (
            <li key={h.id}>
              <strong>{formatDateTime(h.at)}</strong> {h.kind.replaceAll('_', ' ')}
              {h.process_label ? `: ${h.process_label} — ${h.process_status_label}` : ''}
              {h.status_label && !h.process_label ? `: ${h.status_label}` : ''}
              {h.user_name ? ` by ${h.user_name}` : ''}
              {h.note ? (
                <div>
                  {h.internal ? '[Internal — staff only] ' : ''}
                  {h.note}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </Stack>
  );
}

export const StaffRequestPrintPage = () => <RequestPrintPage audience="staff" />;
export const PortalRequestPrintPage = () => <RequestPrintPage audience="applicant" />;
