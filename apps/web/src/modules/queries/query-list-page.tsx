import { type QueryListItem, querySubjectLabels } from '@licensure/contracts';
import { Anchor, Badge, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { formatDateTime } from '../responses/response-format';
import { QUERIES_BASE, queriesApi, queriesKeys } from './queries-api';

export const roleLabels = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

const columns: readonly Column<QueryListItem>[] = [
  {
    key: 'name',
    header: 'Query',
    render: (q) => (
      <Anchor component={Link} to={`${QUERIES_BASE}/${q.id}`}>
        {q.name}
      </Anchor>
    ),
  },
  { key: 'subject', header: 'Lists', render: (q) => querySubjectLabels[q.subject] },
  { key: 'owner', header: 'Owner', render: (q) => q.owner_name },
  {
    key: 'role',
    header: 'You are',
    render: (q) => (
      <Badge variant="light" color={q.role === 'viewer' ? 'gray' : 'blue'}>
        {roleLabels[q.role]}
      </Badge>
    ),
  },
  {
    key: 'available',
    header: 'Runs for you',
    render: (q) => (q.available ? 'Yes' : 'No: it reads fields you may not see'),
  },
  { key: 'updated', header: 'Changed', render: (q) => formatDateTime(q.updated_at) },
];

/** `/staff/queries`: the caller's saved queries and those shared with their security groups. */
export function QueryListPage() {
  const { viewer } = useSignedIn();
  const [state, setState] = useState('all');
  const allowed = hasPermission(viewer, 'queries.read');
  const list = useQuery({
    queryKey: queriesKeys.list(state),
    queryFn: ({ signal }) => queriesApi.list(state, signal),
    enabled: allowed,
  });
  if (!allowed) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Saved queries"
        description="Lists of people, services, vehicles, credentials, complaints, inspections and course attendance, built from a catalogue of fields, saved and shared with security groups."
        actions={
          hasPermission(viewer, 'queries.write') ? (
            <Button component={Link} to={`${QUERIES_BASE}/new`}>
              New query
            </Button>
          ) : null
        }
      />
      <SegmentedControl
        aria-label="Which queries"
        value={state}
        onChange={setState}
        data={[
          { value: 'all', label: 'All' },
          { value: 'mine', label: 'Mine' },
          { value: 'shared', label: 'Shared with me' },
        ]}
        w="fit-content"
      />
      {list.isPending ? <LoadingState label="Loading the queries…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="The queries could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && list.data.length === 0 ? (
        <Text>
          {state === 'shared'
            ? 'No query is shared with a group of yours yet.'
            : 'There are no saved queries here yet.'}
        </Text>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <DataTable caption="Saved queries" columns={columns} rows={list.data} rowKey={(q) => q.id} />
      ) : null}
    </Stack>
  );
}
