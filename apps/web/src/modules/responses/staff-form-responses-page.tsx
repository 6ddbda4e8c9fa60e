import type { ResponseListItem } from '@licensure/contracts';
import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { PageSteps, pagesOf } from '../../platform/components/page-steps';
import { ErrorState, LoadFailure, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { type Column, DataTable } from '../../platform/list/data-table';
import { responseStatus } from './response-format';
import { type ResponseListParams, responsesApi, responsesKeys } from './responses-api';

const PAGE_SIZE = 25;

const columns: Column<ResponseListItem>[] = [
  {
    key: 'person',
    header: 'Person',
    render: (r) => (
      <Anchor component={Link} to={`/staff/responses/${r.id}`}>
        {r.user_name ?? 'Response without a person'}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', render: (r) => responseStatus(r.progress) },
  { key: 'version', header: 'Version', render: (r) => String(r.form_version) },
  { key: 'updated', header: 'Last saved', render: (r) => formatDate(r.updated_at) },
  { key: 'completed', header: 'Completed on', render: (r) => formatDate(r.completed_on) },
];

/** `/staff/forms/:id/responses`: every response to one form, paged on the server. */
export function StaffFormResponsesPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const [progressFilter, setProgressFilter] = useState('');
  const form = useQuery({
    queryKey: responsesKeys.form(id),
    queryFn: ({ signal }) => responsesApi.form(id, signal),
  });
  const params: ResponseListParams = {
    form_id: id,
    currentPage: page,
    numPerPage: PAGE_SIZE,
    sortBy: 'updated_at',
    reverse: true,
    progress: progressFilter === '' ? undefined : Number(progressFilter),
  };
  const responses = useQuery({
    queryKey: responsesKeys.list(params),
    queryFn: ({ signal }) => responsesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  if (form.isPending) return <LoadingState label="Loading the form…" />;
  if (form.isError)
    return <LoadFailure error={form.error} what="the form" onRetry={() => void form.refetch()} />;
  const data = responses.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={`Responses: ${form.data.name}`}
        description={`Version ${form.data.version} is current. Each response shows the version it was answered on.`}
        actions={
          <Anchor component={Link} to={`/staff/forms/${id}`}>
            Back to the form
          </Anchor>
        }
      />
      <NativeSelect
        label="Show"
        value={progressFilter}
        onChange={(e) => {
          setProgressFilter(e.currentTarget.value);
          setPage(1);
        }}
        data={[
          { value: '', label: 'All responses' },
          { value: '1', label: 'Drafts' },
          { value: '2', label: 'Submitted' },
        ]}
        maw={240}
      />
      <Text role="status">
        {data ? `${data.total} ${data.total === 1 ? 'response' : 'responses'}.` : ''}
        {responses.isFetching && data ? ' Updating…' : ''}
      </Text>
      {responses.isPending ? <LoadingState label="Loading responses…" /> : null}
      {responses.isError ? (
        <ErrorState
          error={responses.error}
          title="The responses could not be loaded"
          onRetry={() => void responses.refetch()}
        />
      ) : null}
      {data && data.items.length > 0 ? (
        <DataTable
          caption={`Responses to ${form.data.name}`}
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
          label="Pages of responses"
        />
      ) : null}
    </Stack>
  );
}
