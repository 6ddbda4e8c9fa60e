import { type DocumentRecord, type LicenseRequestDetail, reviewStateLabels } from '@licensure/contracts';
import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { useSignedIn } from '../../platform/session/session-provider';
import { displayName, hasPermission } from '../../platform/session/shell-state';
import { formatSize } from '../documents/documents-api';
import { NotesPanel } from '../notes/notes-panel';
import { formatDateTime } from '../responses/response-format';
import { documentHref } from '../responses/responses-api';
import { ApplicationTypesChooser } from './application-types-chooser';
import { DeleteRequestDialog } from './delete-request-dialog';
import { licensingApi, licensingKeys, requestXmlHref } from './licensing-api';
import { formState } from './licensing-format';
import {
  ChargesTable,
  HistoryTimeline,
  IssuedCredentials,
  ProcessStatusesTable,
  requestStateText,
} from './request-parts';
import { AssignmentPanel, DecisionButtons, NoteForm } from './staff-decisions';
import { ApproveButton, ProcessChangeForm, RequestStatusForm } from './staff-request-actions';

type RequestForm = LicenseRequestDetail['forms'][number];
type FormDocument = DocumentRecord & { form_name: string };

const formColumns: readonly Column<RequestForm>[] = [
  { key: 'form', header: 'Form', render: (f) => f.form_name },
  { key: 'required', header: 'Required', render: (f) => (f.required ? 'Required' : 'Optional') },
  { key: 'state', header: 'State', render: (f) => formState(f).label },
  { key: 'completed', header: 'Completed', render: (f) => formatDateTime(f.completed_on) },
  {
    key: 'open',
    header: 'Answers',
    render: (f) =>
      f.response_id ? (
        <Anchor component={Link} to={`/staff/responses/${f.response_id}`}>
          Open answers<VisuallyHidden> to {f.form_name}</VisuallyHidden>
        </Anchor>
      ) : (
        'Not started'
      ),
  },
];

const documentColumns: readonly Column<FormDocument>[] = [
  {
    key: 'name',
    header: 'Document',
    render: (d) => (
      <Anchor href={documentHref(d.id)} target="_blank" rel="noopener">
        {d.name}
      </Anchor>
    ),
  },
  { key: 'form', header: 'Form', render: (d) => d.form_name },
  { key: 'type', header: 'Type', render: (d) => d.mime_type },
  { key: 'size', header: 'Size', render: (d) => formatSize(d.size_bytes) },
  { key: 'uploaded', header: 'Uploaded', render: (d) => formatDateTime(d.created_at) },
];

function RequestDocuments({ forms }: { forms: readonly RequestForm[] }) {
  const answered = forms.filter((f) => f.response_id !== null);
  const results = useQueries({
    queries: answered.map((f) => ({
      queryKey: licensingKeys.documents(f.response_id as string),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        licensingApi.documents(f.response_id as string, signal),
    })),
  });
  if (results.some((r) => r.isPending)) return <LoadingState label="Loading the documents…" />;
  const failed = results.find((r) => r.isError);
  if (failed) return <Text role="alert">The documents could not be loaded.</Text>;
  const rows: FormDocument[] = results.flatMap((r, i) =>
    (r.data?.items ?? []).map((d) => ({ ...d, form_name: answered[i]?.form_name ?? '' })),
  );
  if (rows.length === 0) return <Text>No document was uploaded with this request.</Text>;
  return <DataTable caption="Documents" columns={documentColumns} rows={rows} rowKey={(d) => d.id} />;
}

/** `/staff/requests/:id`: a request under review — applicant, answers, documents, charges, processes, history. */
export function StaffRequestPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { viewer } = useSignedIn();
  const [deleting, setDeleting] = useState(false);
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError)
    return <LoadFailure error={request.error} what="the request" onRetry={() => void request.refetch()} />;
  const r = request.data;
  const canReview = hasPermission(viewer, 'requests.review');
  const canWrite = hasPermission(viewer, 'requests.write');
  const applicant = r.subject_name ?? 'Unnamed applicant';
  return (
    <Stack gap="md">
      <PageHeader
        title={`Request: ${applicant} — ${r.license_name ?? 'Licence'}`}
        description={
          r.deleted_at
            ? `Deleted on ${formatDateTime(r.deleted_at)}. Reason: ${r.delete_reason ?? 'none given'}.`
            : `${reviewStateLabels[r.review_state]}. ${requestStateText(r)}`
        }
        actions={
          <>
            <Anchor component={Link} to="/staff/requests">
              Back to the queue
            </Anchor>
            <Anchor component={Link} to={`/staff/requests/${r.id}/print`}>
              Printable view
            </Anchor>
            <Anchor href={requestXmlHref(r.id)} download>
              Download XML
            </Anchor>
          </>
        }
      />
      <Section id="applicant" title="Applicant">
        <Text>
          {r.user_id ? (
            <Anchor component={Link} to={`/staff/people/${r.user_id}`}>
              {applicant}
            </Anchor>
          ) : r.service_id ? (
            <Anchor component={Link} to={`/staff/services/${r.service_id}`}>
              {applicant}
            </Anchor>
          ) : r.vehicle_id ? (
            <Anchor component={Link} to={`/staff/vehicles/${r.vehicle_id}`}>
              {applicant}
            </Anchor>
          ) : (
            applicant
          )}
        </Text>
        <Text size="sm">
          {r.renews_certification_id ? 'Renewal' : 'New application'}; started {formatDateTime(r.created_at)}
          {r.completed_on ? `; submitted ${formatDateTime(r.completed_on)}` : ''}.
        </Text>
      </Section>
      {canReview && !r.deleted_at ? (
        <Section id="assignment" title="Assignment">
          <AssignmentPanel request={r} userName={displayName(viewer)} />
        </Section>
      ) : null}
      <Section id="types" title="Application types and levels">
        <ApplicationTypesChooser request={r} licence={undefined} editable={false} />
      </Section>
      <Section id="forms" title="Forms">
        {r.forms.length === 0 ? (
          <Text>This licence asks for no forms.</Text>
        ) : (
          <DataTable
            caption="Forms of this request"
            columns={formColumns}
            rows={r.forms}
            rowKey={(f) => f.form_id}
          />
        )}
      </Section>
      <Section id="documents" title="Documents">
        <RequestDocuments forms={r.forms} />
      </Section>
      <Section id="charges" title="Charges">
        <ChargesTable charges={r.charges} totalCents={r.total_cents} />
        {hasPermission(viewer, 'payments.write') && r.charges.some((c) => !c.paid && c.amount_cents > 0) ? (
          <Anchor component={Link} to={`/staff/payments/record?request=${r.id}`}>
            Record a payment for this request
          </Anchor>
        ) : null}
      </Section>
      <Section id="processes" title="Processes">
        <ProcessStatusesTable rows={r.process_statuses} />
        {canReview && !r.deleted_at ? <ProcessChangeForm request={r} /> : null}
      </Section>
      {!r.deleted_at && (canReview || canWrite) ? (
        <Section id="decision" title="Status and decision">
          {canReview && canWrite ? <RequestStatusForm key={r.status_id ?? ''} request={r} /> : null}
          {canReview ? <DecisionButtons request={r} /> : null}
          <Group gap="sm" align="flex-start" wrap="wrap">
            {canReview ? <ApproveButton request={r} /> : null}
            {canWrite ? (
              <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                Delete request
              </Button>
            ) : null}
          </Group>
          {r.review_state === 'draft' || r.review_state === 'returned' ? (
            <Text size="sm">The request can be decided once the applicant submits it.</Text>
          ) : null}
          {r.certifications.length > 0 ? (
            <Text size="sm">This request was approved: its credentials are listed below.</Text>
          ) : null}
        </Section>
      ) : null}
      {r.certifications.length > 0 ? (
        <Section id="issued" title="Credentials issued">
          <IssuedCredentials rows={r.certifications} />
        </Section>
      ) : null}
      <Section id="history" title="History">
        {canReview && !r.deleted_at ? <NoteForm request={r} /> : null}
        <HistoryTimeline history={r.history} />
      </Section>
      <DeleteRequestDialog
        opened={deleting}
        requestId={r.id}
        onCancel={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
          navigate('/staff/requests');
        }}
      />
      <NotesPanel subject={{ license_request_id: r.id }} />
    </Stack>
  );
}
