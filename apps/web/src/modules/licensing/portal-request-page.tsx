import { type LicenseRequestDetail, reviewStateLabels } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { ApplicationTypesChooser } from './application-types-chooser';
import { DeleteRequestDialog } from './delete-request-dialog';
import { licensingApi, licensingKeys, type SubmitResult } from './licensing-api';
import { formState } from './licensing-format';
import { DecisionNotice, PendingNotice, WithdrawButton } from './portal-request-decisions';
import {
  ChargesTable,
  HistoryTimeline,
  IssuedCredentials,
  ProcessStatusesTable,
  requestStateText,
} from './request-parts';

type RequestForm = LicenseRequestDetail['forms'][number];

function FormsTable({ request, editable }: { request: LicenseRequestDetail; editable: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: (f: RequestForm) => licensingApi.startForm(request.id, f.form_id, request),
    onSuccess: (_response, f) => {
      void queryClient.invalidateQueries({ queryKey: licensingKeys.request(request.id) });
      navigate(`/portal/requests/${request.id}/forms/${f.form_id}`);
    },
  });
  const columns: Column<RequestForm>[] = [
    { key: 'form', header: 'Form', render: (f) => f.form_name },
    { key: 'required', header: 'Required', render: (f) => (f.required ? 'Required' : 'Optional') },
    { key: 'state', header: 'State', render: (f) => formState(f).label },
    {
      key: 'action',
      header: 'Action',
      render: (f) => {
        const { action } = formState(f);
        if (action === 'Fill in' && !editable) return 'Not started';
        if (action === 'Fill in')
          return (
            <Button
              size="xs"
              onClick={() => start.mutate(f)}
              loading={start.isPending && start.variables?.form_id === f.form_id}
              disabled={start.isPending}
            >
              Fill in<VisuallyHidden> {f.form_name}</VisuallyHidden>
            </Button>
          );
        return (
          <Anchor component={Link} to={`/portal/requests/${request.id}/forms/${f.form_id}`}>
            {editable ? action : 'View'}
            <VisuallyHidden> {f.form_name}</VisuallyHidden>
          </Anchor>
        );
      },
    },
  ];
  if (request.forms.length === 0) return <Text>This licence asks for no forms.</Text>;
  return (
    <Stack gap="sm">
      {start.isError ? (
        <Alert color="red" title="The form could not be started" role="alert">
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <DataTable
        caption="Forms of this request"
        columns={columns}
        rows={request.forms}
        rowKey={(f) => f.form_id}
      />
    </Stack>
  );
}

function SubmitOutcome({ result }: { result: SubmitResult }) {
  if (result.success)
    return (
      <Alert color="green" title="Request submitted" role="status">
        Your request was submitted. Staff will review it; its status and history are shown below.
      </Alert>
    );
  // The real cause first: missing continuing education hours are not a form to complete.
  const { 'Continuing education': education, 'Application type': type, ...forms } = result.errors ?? {};
  const errors = Object.entries(forms);
  return (
    <Alert color="red" title="The request was not submitted" role="alert">
      {type ? (
        <Text size="sm" mb="xs">
          {type}
        </Text>
      ) : null}
      {education ? (
        <Text size="sm" mb="xs">
          Continuing education hours are missing. {education}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <>
          <Text size="sm" mb="xs">
            Complete these forms first:
          </Text>
          <List size="sm">
            {errors.map(([form, message]) => (
              <List.Item key={form}>
                {form}: {message}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}

/** `/portal/requests/:id`: the applicant's request — types and levels, forms, charges, submit, history. */
export function PortalRequestPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  const available = useQuery({
    queryKey: licensingKeys.available(),
    queryFn: ({ signal }) => licensingApi.available(signal),
  });
  const submit = useMutation({
    mutationFn: () => licensingApi.submit(id),
    onSuccess: (result) => {
      if (result.success) void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
    },
  });
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError)
    return <LoadFailure error={request.error} what="the request" onRetry={() => void request.refetch()} />;
  const r = request.data;
  // The applicant edits a draft, and a request returned to them for corrections.
  const editable = (r.review_state === 'draft' || r.review_state === 'returned') && !r.deleted_at;
  const licence = available.data?.find((l) => l.id === r.license_id);
  return (
    <Stack gap="md">
      <PageHeader
        title={`${r.renews_certification_id ? 'Renewal' : 'Application'}: ${r.license_name ?? 'Licence'}`}
        description={
          r.deleted_at
            ? `Deleted. ${r.delete_reason ? `Reason: ${r.delete_reason}` : ''}`
            : `${reviewStateLabels[r.review_state]}. ${requestStateText(r)}`
        }
        actions={
          <>
            <Anchor component={Link} to="/portal/requests">
              Back to my requests
            </Anchor>
            <Anchor component={Link} to={`/portal/requests/${r.id}/print`}>
              Printable view
            </Anchor>
          </>
        }
      />
      <PendingNotice request={r} />
      <DecisionNotice request={r} />
      {r.review_state === 'draft' && !r.deleted_at ? (
        <Text>This draft never expires: your choices and answers are kept until you submit.</Text>
      ) : null}
      <Section id="types" title="Application types and levels">
        {available.isPending && editable ? <LoadingState label="Loading the application types…" /> : null}
        {!available.isPending || !editable ? (
          <ApplicationTypesChooser request={r} licence={licence} editable={editable} />
        ) : null}
      </Section>
      <Section id="forms" title="Forms">
        <FormsTable request={r} editable={editable} />
      </Section>
      <Section id="charges" title="Charges">
        <ChargesTable charges={r.charges} totalCents={r.total_cents} />
        {!editable && !r.deleted_at && r.charges.some((c) => !c.paid && c.amount_cents > 0) ? (
          <Anchor component={Link} to={`/portal/payments/checkout?items=${r.id}`}>
            Pay the fees of this request
          </Anchor>
        ) : null}
      </Section>
      {r.certifications.length > 0 ? (
        <Section id="issued" title="Credentials issued">
          <IssuedCredentials rows={r.certifications} />
          <Anchor component={Link} to="/portal/my-licences">
            Go to my licences
          </Anchor>
        </Section>
      ) : null}
      {submit.data ? <SubmitOutcome result={submit.data} /> : null}
      {submit.isError ? (
        <Alert color="red" title="The request could not be submitted" role="alert">
          {errorMessage(submit.error)}
        </Alert>
      ) : null}
      <Group gap="sm">
        {editable ? (
          <Button onClick={() => submit.mutate()} loading={submit.isPending}>
            {r.review_state === 'returned' ? 'Submit corrections' : 'Submit request'}
          </Button>
        ) : null}
        <WithdrawButton request={r} />
        {r.review_state === 'draft' && !r.deleted_at ? (
          <Button variant="default" color="red" onClick={() => setDeleting(true)}>
            Delete request
          </Button>
        ) : null}
      </Group>
      <Section id="processes" title="Review">
        <ProcessStatusesTable rows={r.process_statuses} />
      </Section>
      <Section id="history" title="History">
        <HistoryTimeline history={r.history} />
      </Section>
      <DeleteRequestDialog
        opened={deleting}
        requestId={r.id}
        onCancel={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
          navigate('/portal/requests');
        }}
      />
    </Stack>
  );
}
