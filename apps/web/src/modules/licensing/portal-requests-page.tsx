import type { LicenseRequestSummary } from '@licensure/contracts';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { formatDateTime } from '../responses/response-format';
import { licensingApi, licensingKeys } from './licensing-api';
import { requestStanding } from './licensing-format';

const columns: readonly Column<LicenseRequestSummary>[] = [
  { key: 'licence', header: 'Licence', render: (r) => r.license_name ?? 'Licence' },
  { key: 'kind', header: 'Kind', render: (r) => (r.renews_certification_id ? 'Renewal' : 'Application') },
  { key: 'state', header: 'State', render: (r) => requestStanding(r).label },
  { key: 'status', header: 'Status', render: (r) => r.status_label },
  { key: 'started', header: 'Started', render: (r) => formatDateTime(r.created_at) },
  { key: 'submitted', header: 'Submitted', render: (r) => formatDateTime(r.completed_on) },
  {
    key: 'open',
    header: 'Open',
    render: (r) => (
      <Anchor component={Link} to={`/portal/requests/${r.id}`}>
        Open<VisuallyHidden> request for {r.license_name}</VisuallyHidden>
      </Anchor>
    ),
  },
];

/** `/portal/requests`: the applicant's requests with where each stands (requestStanding) and its status. */
export function PortalRequestsPage() {
  const mine = useQuery({
    queryKey: licensingKeys.mine(),
    queryFn: ({ signal }) => licensingApi.mine(signal),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="My requests"
        description="Your licence applications and renewals. Drafts never expire."
        actions={
          <Anchor component={Link} to="/portal/licences">
            Apply for a licence
          </Anchor>
        }
      />
      {mine.isPending ? <LoadingState label="Loading your requests…" /> : null}
      {mine.isError ? (
        <ErrorState
          error={mine.error}
          title="Your requests could not be loaded"
          onRetry={() => void mine.refetch()}
        />
      ) : null}
      {mine.data?.length === 0 ? <Text>You have not applied for a licence yet.</Text> : null}
      {mine.data && mine.data.length > 0 ? (
        <DataTable caption="My requests" columns={columns} rows={mine.data} rowKey={(r) => r.id} />
      ) : null}
    </Stack>
  );
}
