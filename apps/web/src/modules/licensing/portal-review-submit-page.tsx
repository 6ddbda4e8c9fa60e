import type { LicenseRequestDetail } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { FormRenderer } from '../responses/renderer/form-renderer';
import { documentHref, responsesApi, responsesKeys } from '../responses/responses-api';
import { licensingApi, licensingKeys, refreshAfterRequestChange } from './licensing-api';
import { formatMoney, formState } from './licensing-format';

/** What still stands in the way of submitting, in words; empty when the request can be submitted. */
export function submitBlockers(r: Pick<LicenseRequestDetail, 'forms' | 'application_types'>): string[] {
  const out: string[] = [];
  if (r.application_types.length > 0 && !r.application_types.some((t) => t.checked))
    out.push('Choose what you are applying for (an application type and level).');
  for (const f of r.forms)
    if (f.required && formState(f).label !== 'Completed') out.push(`Complete the form “${f.form_name}”.`);
  return out;
}

/** The answers of one completed form, read-only, with a link to change them. */
function FormAnswers({
  requestId,
  form,
}: {
  requestId: string;
  form: LicenseRequestDetail['forms'][number];
}) {
  const response = useQuery({
    queryKey: responsesKeys.one(form.response_id ?? ''),
    queryFn: ({ signal }) => responsesApi.get(form.response_id ?? '', signal),
    enabled: !!form.response_id,
  });
  const headingId = `review-form-${form.form_id}`;
  return (
    <Section id={headingId} title={form.form_name}>
      <Text size="sm">{formState(form).label}</Text>
      {response.isPending && form.response_id ? <LoadingState label="Loading the answers…" /> : null}
      {response.data?.form ? (
        <FormRenderer
          form={response.data.form}
          mode="read"
          initialAnswers={response.data.questions}
          documentHref={documentHref}
        />
      ) : null}
      <Anchor component={Link} to={`/portal/requests/${requestId}/forms/${form.form_id}`}>
        Change the answers of {form.form_name}
      </Anchor>
    </Section>
  );
}

/**
 * `/portal/requests/:id/review`: everything the request will send, on one page, before it is sent:
 * what is applied for, the answers of each form, the fees; then Submit, or what is still missing.
 */
export function PortalReviewSubmitPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  const submit = useMutation({
    mutationFn: () => licensingApi.submit(id),
    onSuccess: async (result) => {
      if (!result.success) {
        void queryClient.invalidateQueries({ queryKey: licensingKeys.all });
        return;
      }
      // Its fees are now due: the fees page must not show them from before the submission.
      await refreshAfterRequestChange(queryClient);
      // The charges are worked out on submission: fees now due take the applicant on to pay them.
      const fresh = await licensingApi.get(id).catch(() => null);
      const owes = fresh?.charges.some((c) => !c.paid && c.amount_cents > 0);
      navigate(
        owes ? `/portal/payments/checkout?items=${id}&submitted=1` : `/portal/requests/${id}/submitted`,
      );
    },
  });
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError)
    return (
      <ErrorState
        error={request.error}
        title="The request could not be loaded"
        onRetry={() => void request.refetch()}
      />
    );
  const r = request.data;
  const blockers = submitBlockers(r);
  const chosen = r.application_types.filter((t) => t.checked);
  const refused = submit.data && !submit.data.success ? Object.values(submit.data.errors ?? {}) : [];
  return (
    <Stack gap="md">
      <PageHeader
        title="Review and submit"
        documentTitle={`Review — ${r.license_name ?? 'Licence request'}`}
        description="Check everything below. Once submitted, staff review the request and you can no longer change it."
        actions={
          <Anchor component={Link} to={`/portal/requests/${id}`}>
            Back to the request
          </Anchor>
        }
      />
      <Section id="review-applying" title="What you apply for">
        <Text>
          {r.license_name ?? 'Licence'}
          {r.subject_name ? ` for ${r.subject_name}` : ''}
        </Text>
        {chosen.length > 0 ? (
          <List>
            {chosen.map((t) => (
              <List.Item key={t.id}>
                {t.application_type_label}: {t.level_label}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Section>
      {r.forms.map((f) => (
        <FormAnswers key={f.form_id} requestId={id} form={f} />
      ))}
      <Section id="review-fees" title="Fees">
        <Text>{r.total_cents > 0 ? `Total: ${formatMoney(r.total_cents)}` : 'There is no fee to pay.'}</Text>
      </Section>
      {blockers.length > 0 ? (
        <Alert color="yellow" title="Before you can submit" role="status">
          <List>
            {blockers.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {refused.length > 0 || submit.isError ? (
        <Alert color="red" title="The request was not submitted" role="alert">
          {submit.isError ? errorMessage(submit.error) : null}
          <List>
            {refused.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => submit.mutate()} loading={submit.isPending} disabled={blockers.length > 0}>
          Submit request
        </Button>
      </Group>
    </Stack>
  );
}

/** `/portal/requests/:id/submitted`: what happens now that the request is in. */
export function PortalSubmittedPage() {
  const { id = '' } = useParams();
  const request = useQuery({
    queryKey: licensingKeys.request(id),
    queryFn: ({ signal }) => licensingApi.get(id, signal),
  });
  if (request.isPending) return <LoadingState label="Loading the request…" />;
  if (request.isError)
    return (
      <ErrorState
        error={request.error}
        title="The request could not be loaded"
        onRetry={() => void request.refetch()}
      />
    );
  const r = request.data;
  const feesDue = r.charges.some((c) => !c.paid);
  return (
    <Stack gap="md">
      <PageHeader
        title="Request submitted"
        documentTitle={`Submitted — ${r.license_name ?? 'Licence request'}`}
        description={`Your request for ${r.license_name ?? 'a licence'} is with the licensing office.`}
      />
      <Section id="next-heading" title="What happens next">
        <List type="ordered" spacing="xs">
          <List.Item>
            Staff review your request and the answers you gave. You cannot change it meanwhile.
          </List.Item>
          {r.process_statuses.length > 0 ? (
            <List.Item>
              The office completes its checks: {r.process_statuses.map((p) => p.process_label).join(', ')}.
            </List.Item>
          ) : null}
          {feesDue ? (
            <List.Item>
              The fees of this request ({formatMoney(r.total_cents)} in all) are to be paid before the licence
              is issued.
            </List.Item>
          ) : null}
          <List.Item>
            If something is missing, the reviewer returns the request to you with a message: you correct it
            and submit again.
          </List.Item>
          <List.Item>
            Once approved, your licence appears under My licences, with its certificate and wallet card.
          </List.Item>
        </List>
      </Section>
      <Group>
        <Anchor component={Link} to={`/portal/requests/${id}`}>
          Follow this request
        </Anchor>
        <Anchor component={Link} to="/portal/requests">
          My requests
        </Anchor>
      </Group>
    </Stack>
  );
}
