import type { ResponseListItem } from '@licensure/contracts';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { PageSteps, pagesOf } from '../../platform/components/page-steps';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { type Column, DataTable } from '../../platform/list/data-table';
import { isSubmitted, responseStatus } from './response-format';
import { type AvailableForm, responsesApi, responsesKeys } from './responses-api';

const PAGE_SIZE = 10;

function AvailableForms() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forms = useQuery({
    queryKey: responsesKeys.available(),
    queryFn: ({ signal }) => responsesApi.available(signal),
  });
  const start = useMutation({
    mutationFn: (form: AvailableForm) => responsesApi.start(form.id),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: responsesKeys.all });
      navigate(`/portal/forms/responses/${response.id}`);
    },
  });
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const shown = (forms.data ?? []).filter(
    (f) => !words || `${f.name} ${f.description ?? ''}`.toLowerCase().includes(words),
  );
  const columns: Column<AvailableForm>[] = [
    { key: 'name', header: 'Form', render: (f) => f.name },
    { key: 'description', header: 'Description', render: (f) => f.description },
    {
      key: 'action',
      header: 'Action',
      render: (f) =>
        f.applicant_access === 'edit' ? (
          <Button
            size="xs"
            onClick={() => start.mutate(f)}
            loading={start.isPending && start.variables?.id === f.id}
            disabled={start.isPending}
          >
            Start<VisuallyHidden> {f.name}</VisuallyHidden>
          </Button>
        ) : (
          <Text size="sm">View only</Text>
        ),
    },
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="available-forms-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="available-forms-heading">
          Forms you can fill in
        </Title>
        {start.isError ? (
          <Alert color="red" title="The form could not be started" role="alert">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        {forms.isPending ? <LoadingState label="Loading forms…" /> : null}
        {forms.isError ? (
          <ErrorState
            error={forms.error}
            title="The forms could not be loaded"
            onRetry={() => void forms.refetch()}
          />
        ) : null}
        {forms.data && forms.data.length === 0 ? (
          <Text>There are no forms for you to fill in right now.</Text>
        ) : null}
        {forms.data && forms.data.length > 0 ? (
          <>
            <TextInput
              label="Search forms"
              description="By name or description"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maw={420}
            />
            <Text role="status" size="sm">
              {words ? `${shown.length} of ${forms.data.length} forms match “${search.trim()}”.` : ''}
            </Text>
            {shown.length > 0 ? (
              <DataTable
                caption="Forms you can fill in"
                columns={columns}
                rows={shown}
                rowKey={(f) => f.id}
              />
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function MyResponses() {
  const [page, setPage] = useState(1);
  const params = {
    mine: true,
    currentPage: page,
    numPerPage: PAGE_SIZE,
    sortBy: 'updated_at',
    reverse: true,
  };
  const responses = useQuery({
    queryKey: responsesKeys.list(params),
    queryFn: ({ signal }) => responsesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const columns: Column<ResponseListItem>[] = [
    { key: 'form', header: 'Form', render: (r) => r.form_name },
    { key: 'status', header: 'Status', render: (r) => responseStatus(r.progress) },
    {
      key: 'when',
      header: 'Saved or completed',
      render: (r) =>
        isSubmitted(r) && r.completed_on
          ? `Completed ${formatDate(r.completed_on)}`
          : `Last saved ${formatDate(r.updated_at)}`,
    },
    {
      key: 'action',
      header: 'Action',
      render: (r) => (
        <Anchor component={Link} to={`/portal/forms/responses/${r.id}`}>
          {isSubmitted(r) ? 'View' : 'Resume'}
          <VisuallyHidden> {r.form_name}</VisuallyHidden>
        </Anchor>
      ),
    },
  ];
  const data = responses.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="my-responses-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-responses-heading">
          My forms
        </Title>
        <Text size="sm" c="dimmed">
          A draft is kept until you complete it: it never expires.
        </Text>
        {responses.isPending ? <LoadingState label="Loading your forms…" /> : null}
        {responses.isError ? (
          <ErrorState
            error={responses.error}
            title="Your forms could not be loaded"
            onRetry={() => void responses.refetch()}
          />
        ) : null}
        {data && data.total === 0 ? <Text>You have not started any form yet.</Text> : null}
        {data && data.items.length > 0 ? (
          <DataTable
            caption="My forms"
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.id}
            busy={responses.isFetching}
          />
        ) : null}
        {data && data.total > data.numPerPage ? (
          <PageSteps
            page={page}
            pages={pagesOf(data.total, data.numPerPage)}
            onPage={setPage}
            label="Pages of my forms"
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** `/portal/forms`: forms the applicant may start, and their own responses (drafts to resume, submitted to view). */
export function PortalFormsPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Forms"
        description="Fill in forms, save a draft and come back to it, and see what you submitted."
      />
      <AvailableForms />
      <MyResponses />
    </Stack>
  );
}
