import type { ReviewerView } from '@licensure/contracts';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { insightApi, insightKeys } from '../insight/insight-api';

type Request = ReviewerView['checked_out'][number];

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const dayFigure = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)} days`);

const stateLabels: Record<string, string> = {
  submitted: 'Waiting on you',
  info_requested: 'Waiting on the applicant (information asked)',
  returned: 'Waiting on the applicant (returned)',
};

const requestColumns: readonly Column<Request>[] = [
  {
    key: 'request',
    header: 'Request',
    render: (r) => (
      <Anchor component={Link} to={`/staff/requests/${r.id}`}>
        {[r.license_name, r.subject_name].filter(Boolean).join(': ') || 'Request'}
      </Anchor>
    ),
  },
  { key: 'age', header: 'Age', render: (r) => days(r.age_days) },
  { key: 'state', header: 'Where it stands', render: (r) => stateLabels[r.review_state] ?? r.review_state },
];

function RequestTable({ caption, rows }: { caption: string; rows: Request[] }) {
  return <DataTable caption={caption} columns={requestColumns} rows={rows} rowKey={(r) => r.id} />;
}

/**
 * A reviewer's part of the staff home: the requests they have checked out with their age, the next
 * submitted requests nobody has taken, and their processing times beside the office's (90 days).
 */
export function ReviewerPanel() {
  const view = useQuery({
    queryKey: insightKeys.reviewer(),
    queryFn: ({ signal }) => insightApi.reviewer(signal),
  });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reviewer-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="reviewer-heading">
          Your reviews
        </Title>
        {view.isPending ? <LoadingState label="Loading your reviews…" /> : null}
        {view.isError ? (
          <ErrorState
            error={view.error}
            title="Your reviews could not be loaded"
            onRetry={() => void view.refetch()}
          />
        ) : null}
        {view.data ? (
          <>
            <Stack gap="xs">
              <Title order={3} size="h4">
                Checked out to you
              </Title>
              {view.data.checked_out.length === 0 ? (
                <Text>You have no request checked out.</Text>
              ) : (
                <RequestTable
                  caption="Requests checked out to you, the oldest first"
                  rows={view.data.checked_out}
                />
              )}
            </Stack>
            <Stack gap="xs">
              <Title order={3} size="h4">
                Next in the queue
              </Title>
              <Text size="sm">
                {`${view.data.waiting_count} submitted ${view.data.waiting_count === 1 ? 'request waits' : 'requests wait'} for a reviewer.`}{' '}
                <Anchor component={Link} to="/staff/requests?state=submitted&assigned_to=none">
                  Open them in the queue
                </Anchor>
              </Text>
              {view.data.next_up.length > 0 ? (
                <RequestTable
                  caption="The longest waiting requests nobody has checked out"
                  rows={view.data.next_up}
                />
              ) : null}
            </Stack>
            <Stack gap="xs">
              <Title order={3} size="h4">
                Your processing times (last 90 days)
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Table withTableBorder captionSide="top">
                  <Table.Caption>
                    <VisuallyHidden>Your processing times beside the office's</VisuallyHidden>
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Submission to decision</Table.Th>
                      <Table.Th scope="col">You</Table.Th>
                      <Table.Th scope="col">Office</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th scope="row" fw="normal">
                        Requests decided
                      </Table.Th>
                      <Table.Td>{view.data.mine.decided}</Table.Td>
                      <Table.Td>{view.data.office.decided}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row" fw="normal">
                        Median
                      </Table.Th>
                      <Table.Td>{dayFigure(view.data.mine.median_days)}</Table.Td>
                      <Table.Td>{dayFigure(view.data.office.median_days)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row" fw="normal">
                        90th percentile
                      </Table.Th>
                      <Table.Td>{dayFigure(view.data.mine.p90_days)}</Table.Td>
                      <Table.Td>{dayFigure(view.data.office.p90_days)}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </SimpleGrid>
            </Stack>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
