import { fireDrillTypeLabels } from '@licensure/contracts';
import { Anchor, Group, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { drillKeys, fireDrillsApi } from './fire-drills-api';

const PER_PAGE = 25;

/** `/staff/fire-drills`: the drills schools reported, by year and school system, newest first, with exports. */
export function StaffFireDrillsPage() {
  const { viewer } = useSignedIn();
  const [page, setPage] = useState(1);
  const [year, setYear] = useState<string | null>(String(new Date().getFullYear()));
  const [systemId, setSystemId] = useState<string | null>(null);
  const filter = { year: year ? Number(year) : undefined, school_system_id: systemId ?? undefined };
  const query = { currentPage: page, numPerPage: PER_PAGE, ...filter };
  const list = useQuery({
    queryKey: drillKeys.list(query),
    queryFn: ({ signal }) => fireDrillsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const years = useQuery({ queryKey: drillKeys.years, queryFn: fireDrillsApi.years });
  const systems = useQuery({ queryKey: drillKeys.systems, queryFn: fireDrillsApi.systems });
  if (!hasPermission(viewer, 'firedrills.read')) return <ForbiddenPage />;
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Fire drill reports"
        description="Drills schools reported on the public site, and those staff entered."
        actions={
          <Group>
            <Anchor href={fireDrillsApi.exportUrl('csv', filter)}>Export CSV</Anchor>
            <Anchor href={fireDrillsApi.exportUrl('xlsx', filter)}>Export XLSX</Anchor>
          </Group>
        }
      />
      <Group align="flex-end">
        <Select
          label="Year"
          placeholder="Every year"
          clearable
          data={(years.data ?? []).map(String)}
          value={year}
          onChange={(v) => {
            setYear(v);
            setPage(1);
          }}
        />
        <Select
          label="School system"
          placeholder="Every school system"
          clearable
          searchable
          data={(systems.data ?? []).map((s) => ({ value: s.id, label: s.label }))}
          value={systemId}
          onChange={(v) => {
            setSystemId(v);
            setPage(1);
          }}
        />
        {hasPermission(viewer, 'firedrills.write') ? (
          <Group gap="md" pb={6}>
            <Anchor component={Link} to="/staff/admin/school_systems">
              School systems
            </Anchor>
            <Anchor component={Link} to="/staff/admin/schools">
              Schools
            </Anchor>
          </Group>
        ) : null}
      </Group>
      {list.isPending ? <LoadingState label="Loading drill reports…" /> : null}
      {list.isError ? <ErrorState title="The reports could not be loaded" error={list.error} /> : null}
      {list.data && items.length === 0 ? <Text>No drills reported for this choice.</Text> : null}
      {items.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>School</Table.Th>
              <Table.Th>School system</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Evacuation</Table.Th>
              <Table.Th>Reported by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.drill_time ? `${d.drill_date} ${d.drill_time}` : d.drill_date}</Table.Td>
                <Table.Td>{d.school ?? '—'}</Table.Td>
                <Table.Td>{d.school_system ?? '—'}</Table.Td>
                <Table.Td>{`${fireDrillTypeLabels[d.drill_type]}${d.announced ? ' (announced)' : ''}`}</Table.Td>
                <Table.Td>{d.evacuation_seconds === null ? '—' : `${d.evacuation_seconds} s`}</Table.Td>
                <Table.Td>{`${d.reporter_name} <${d.reporter_email}>`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
