import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MONTH_NAMES, MonthGrid } from '../../platform/components/month-grid';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { inspectionKeys, inspectionsApi, visitWhen } from './inspections-api';
import { cachedList } from './offline/cached-lists';

const PER_PAGE = 25;

/** The configuration lists of inspections, edited on the generic reference-list screens. */
const CONFIGURATION = [
  ['ip_templates', 'Inspection templates (with their checklist forms)'],
  ['ip_statuses', 'Inspection statuses'],
  ['ip_deficiencies', 'Deficiencies'],
  ['ip_deficiency_categories', 'Deficiency categories'],
  ['ip_extra_fees', 'Extra fees'],
  ['inspection_autonumbers', 'Inspection auto numbers'],
  ['user_inspectors', 'Inspectors'],
  ['user_investigators', 'Investigators'],
] as const;

export const statusLabel: Record<string, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** `/staff/inspections`: the visits of a month, all or the signed-in inspector's, and the configuration. */
export function VisitCalendarPage() {
  const { viewer } = useSignedIn();
  const today = new Date();
  const [month, setMonth] = useState(String(today.getMonth() + 1));
  const [year, setYear] = useState(String(today.getFullYear()));
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const query = {
    month,
    year,
    userOnly: mine ? 'true' : undefined,
    currentPage: page,
    numPerPage: PER_PAGE,
    sortBy: 'inspection_date',
  };
  const visits = useQuery({
    queryKey: inspectionKeys.visits(query),
    queryFn: ({ signal }) => inspectionsApi.visits(query, signal),
    placeholderData: keepPreviousData,
  });
  // The whole month for the calendar (a month holds far fewer visits than this).
  const monthQuery = {
    month,
    year,
    userOnly: mine ? 'true' : undefined,
    currentPage: 1,
    numPerPage: 500,
    sortBy: 'inspection_date',
  };
  const monthVisits = useQuery({
    queryKey: inspectionKeys.visits(monthQuery),
    queryFn: ({ signal }) => inspectionsApi.visits(monthQuery, signal),
    placeholderData: keepPreviousData,
  });
  const years = useQuery({
    queryKey: inspectionKeys.years,
    queryFn: () => cachedList('years', inspectionsApi.years),
  });
  if (!hasPermission(viewer, 'inspections.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'inspections.write');
  const yearChoices = [...new Set([...(years.data ?? []), today.getFullYear(), Number(year)])]
    .sort()
    .map(String);
  const items = visits.data?.items ?? [];
  const pages = visits.data ? Math.max(1, Math.ceil(visits.data.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <PageHeader
        title="Inspections"
        description="Visits to services, by month, with their inspections."
        actions={
          canWrite ? (
            <>
              <Button variant="default" component={Link} to="/staff/inspections/mine">
                My visits
              </Button>
              <Button component={Link} to="/staff/inspections/visits/new">
                Schedule a visit
              </Button>
            </>
          ) : null
        }
      />
      <Group align="flex-end">
        <Select
          label="Month"
          data={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={month}
          allowDeselect={false}
          onChange={(v) => {
            setMonth(v ?? month);
            setPage(1);
          }}
        />
        <Select
          label="Year"
          data={yearChoices}
          value={year}
          allowDeselect={false}
          onChange={(v) => {
            setYear(v ?? year);
            setPage(1);
          }}
        />
        <Checkbox
          label="Only visits I inspect"
          checked={mine}
          onChange={(e) => {
            setMine(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <MonthGrid
        year={Number(year)}
        month={Number(month)}
        title={`${MONTH_NAMES[Number(month) - 1]} ${year}`}
        entries={(monthVisits.data?.items ?? []).map((v) => ({
          id: v.id,
          date: v.inspection_date,
          label: `${v.inspection_time ? `${v.inspection_time.slice(0, 5)} ` : ''}${v.service_name ?? 'Visit'}`,
          to: `/staff/inspections/visits/${v.id}`,
        }))}
      />
      <section aria-labelledby="visits-heading">
        <Title order={2} size="h3" id="visits-heading" mb="sm">
          {`Visits in ${MONTH_NAMES[Number(month) - 1]} ${year}`}
        </Title>
        {visits.isPending ? <LoadingState label="Loading visits…" /> : null}
        {visits.isError ? (
          <ErrorState
            error={visits.error}
            title="The visits could not be loaded"
            onRetry={() => void visits.refetch()}
          />
        ) : null}
        {visits.isSuccess && items.length === 0 ? (
          <Text>No visits in this month. Choose another month, or schedule a visit.</Text>
        ) : null}
        {items.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Service</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Inspections</Table.Th>
                  <Table.Th scope="col">Checked out</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/inspections/visits/${v.id}`}>
                        {visitWhen(v)}
                      </Anchor>
                      {v.spot_check ? (
                        <Badge ml="xs" variant="light" color="grape">
                          Spot check
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{v.service_name ?? '—'}</Table.Td>
                    <Table.Td>{statusLabel[v.status] ?? v.status}</Table.Td>
                    <Table.Td>{v.inspection_count}</Table.Td>
                    <Table.Td>{v.checked_out_by ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {pages > 1 ? (
          <Pagination mt="sm" total={pages} value={page} onChange={setPage} aria-label="Pages of visits" />
        ) : null}
      </section>
      <section aria-labelledby="configuration-heading">
        <Title order={2} size="h3" id="configuration-heading" mb="xs">
          Configuration
        </Title>
        <List listStyleType="none" spacing={4}>
          {CONFIGURATION.map(([key, label]) => (
            <List.Item key={key}>
              <Anchor component={Link} to={`/staff/admin/${key}`}>
                {label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}
