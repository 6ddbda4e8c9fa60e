import { type LicenseRequestSummary, reviewStateLabels, reviewStates } from '@licensure/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { PageSteps, pagesOf } from '../../platform/components/page-steps';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { formatDateTime } from '../responses/response-format';
import { licensingApi, licensingKeys, queueCsvHref } from './licensing-api';
import {
  ageInDays,
  ageLabel,
  emptyQueueFilters,
  QUEUE_PAGE_SIZE,
  type QueueFilters,
  queueFiltersFrom,
  queueQuery,
  queueSearchParams,
  statusOptionLabel,
} from './licensing-format';

const stateOptions = [
  ...reviewStates.map((s) => ({ value: s, label: reviewStateLabels[s] })),
  { value: 'open', label: 'Open (not decided)' },
  { value: 'with_applicant', label: 'With the applicant' },
  { value: 'all', label: 'Any state' },
];

const assignedOptions = [
  { value: '', label: 'Anyone or no one' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Not assigned' },
];

const columns: readonly Column<LicenseRequestSummary>[] = [
  {
    key: 'subject',
    header: 'Applicant',
    render: (r) => (
      <Anchor component={Link} to={`/staff/requests/${r.id}`}>
        {r.subject_name ?? 'Unnamed applicant'}
        <VisuallyHidden> — {r.license_name}</VisuallyHidden>
      </Anchor>
    ),
  },
  { key: 'licence', header: 'Licence', render: (r) => r.license_name },
  { key: 'kind', header: 'Kind', render: (r) => (r.renews_certification_id ? 'Renewal' : 'Application') },
  {
    key: 'state',
    header: 'State',
    render: (r) => (r.deleted_at ? 'Deleted' : reviewStateLabels[r.review_state]),
  },
  { key: 'status', header: 'Status', render: (r) => r.status_label },
  { key: 'submitted', header: 'Submitted', render: (r) => formatDateTime(r.completed_on) },
  { key: 'age', header: 'Age', render: (r) => ageLabel(ageInDays(r)) },
  { key: 'assigned', header: 'Assigned to', render: (r) => r.assigned_to_name ?? 'No one' },
];

function FilterForm({ initial, onApply }: { initial: QueueFilters; onApply(filters: QueueFilters): void }) {
  const [draft, setDraft] = useState(initial);
  const licences = useQuery({
    queryKey: licensingKeys.licences(),
    queryFn: ({ signal }) => licensingApi.licences(signal),
  });
  const licenceId = draft.license_id || undefined;
  const statuses = useQuery({
    queryKey: licensingKeys.requestStatuses(licenceId),
    queryFn: ({ signal }) => licensingApi.requestStatuses(licenceId, signal),
  });
  const processStatuses = useQuery({
    queryKey: licensingKeys.processStatuses(licenceId),
    queryFn: ({ signal }) => licensingApi.processStatuses(licenceId, signal),
  });
  const set = (key: keyof QueueFilters) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filter the queue">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <NativeSelect label="State" value={draft.state} onChange={set('state')} data={stateOptions} />
        <NativeSelect
          label="Assigned"
          value={draft.assigned_to}
          onChange={set('assigned_to')}
          data={[
            ...assignedOptions,
            ...(draft.assigned_to && !assignedOptions.some((o) => o.value === draft.assigned_to)
              ? [{ value: draft.assigned_to, label: 'Another reviewer' }]
              : []),
          ]}
        />
        <NativeSelect
          label="Licence"
          value={draft.license_id}
          onChange={(e) =>
            setDraft({ ...draft, license_id: e.currentTarget.value, status_id: '', process_status_id: '' })
          }
          data={[
            { value: '', label: 'Any licence' },
            ...(licences.data?.items ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
        />
        <NativeSelect
          label="Status"
          value={draft.status_id}
          onChange={set('status_id')}
          data={[
            { value: '', label: 'Any status' },
            ...(statuses.data?.items ?? []).map((s) => ({
              value: s.id,
              label: statusOptionLabel(s, licences.data?.items ?? []),
            })),
          ]}
        />
        <NativeSelect
          label="Process status"
          value={draft.process_status_id}
          onChange={set('process_status_id')}
          data={[
            { value: '', label: 'Any process status' },
            ...(processStatuses.data?.items ?? []).map((s) => ({
              value: s.id,
              label: `${s.process_label}: ${s.label}`,
            })),
          ]}
        />
        <TextInput label="Submitted from" type="date" value={draft.from} onChange={set('from')} />
        <TextInput label="Submitted to" type="date" value={draft.to} onChange={set('to')} />
        <TextInput
          label="Search"
          description="Applicant or service name"
          value={draft.search}
          onChange={set('search')}
        />
      </SimpleGrid>
      <Group gap="sm" mt="md">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(emptyQueueFilters);
            onApply(emptyQueueFilters);
          }}
        >
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}

/** `/staff/requests`: the review queue, filtered, with the number of requests in each status. */
export function StaffQueuePage() {
  const [params, setParams] = useSearchParams();
  const filters = queueFiltersFrom(params);
  const query = queueQuery(filters);
  const countQuery = queueQuery({ ...filters, status_id: '' }, false);
  const apply = (next: QueueFilters) => setParams(queueSearchParams(next));
  const queue = useQuery({
    queryKey: licensingKeys.queue(query),
    queryFn: ({ signal }) => licensingApi.queue(query, signal),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({
    queryKey: licensingKeys.counts(countQuery),
    queryFn: ({ signal }) => licensingApi.counts(countQuery, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Licence requests"
        description="By default the requests awaiting review, the longest waiting first. Choose another state to see the rest."
        actions={
          <Anchor href={queueCsvHref(query)} download>
            Export CSV
          </Anchor>
        }
      />
      <FilterForm key={params.toString()} initial={filters} onApply={apply} />
      {counts.data ? (
        <section aria-label="Requests by status">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{`${counts.data.total} in all:`}</Text>
            {counts.data.statuses.map((s) => {
              const text = `${s.label ?? 'No status'}: ${s.count}`;
              if (!s.status_id)
                return (
                  <Badge key="none" variant="outline" color="dark" size="lg" tt="none">
                    {text}
                  </Badge>
                );
              const chosen = filters.status_id === s.status_id;
              // A chip filters the queue by its status; pressed again, it shows every status.
              return (
                <Button
                  key={s.status_id}
                  size="compact-sm"
                  radius="xl"
                  variant={chosen ? 'filled' : 'outline'}
                  color="dark"
                  aria-pressed={chosen}
                  onClick={() => apply({ ...filters, status_id: chosen ? '' : (s.status_id ?? ''), page: 1 })}
                >
                  {text}
                </Button>
              );
            })}
          </Group>
        </section>
      ) : null}
      {queue.isPending ? <LoadingState label="Loading the requests…" /> : null}
      {queue.isError ? (
        <ErrorState
          error={queue.error}
          title="The requests could not be loaded"
          onRetry={() => void queue.refetch()}
        />
      ) : null}
      {queue.data ? (
        <>
          {queue.data.items.length === 0 ? (
            <Text>No request matches these filters.</Text>
          ) : (
            <DataTable
              caption="Licence requests"
              columns={columns}
              rows={queue.data.items}
              rowKey={(r) => r.id}
              busy={queue.isFetching}
            />
          )}
          <PageSteps
            page={filters.page}
            pages={pagesOf(queue.data.total, QUEUE_PAGE_SIZE)}
            label="Pages of requests"
            onPage={(page) => apply({ ...filters, page })}
          />
        </>
      ) : null}
    </Stack>
  );
}
