import { fireDrillTypeLabels } from '@licensure/contracts';
import { Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { drillKeys, fireDrillsApi } from './fire-drills-api';

/** The drills a school reported in a year (never who reported them), newest first. */
export function SchoolDrills({ schoolId }: { schoolId: string }) {
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const years = useQuery({ queryKey: drillKeys.years, queryFn: fireDrillsApi.years });
  const drills = useQuery({
    queryKey: drillKeys.publicDrills(schoolId, year),
    queryFn: () => fireDrillsApi.publicDrills(schoolId, year),
  });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="school-drills-heading"
      maw={720}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="school-drills-heading">
          Drills this school reported
        </Title>
        <Select
          label="Year"
          allowDeselect={false}
          maw={160}
          data={(years.data ?? [year]).map((y) => String(y))}
          value={String(year)}
          onChange={(v) => setYear(Number(v ?? year))}
        />
        {drills.isPending ? <LoadingState label="Loading drills…" /> : null}
        {drills.isError ? <ErrorState title="The drills could not be loaded" error={drills.error} /> : null}
        {drills.data?.length === 0 ? <Text>No drills reported in {year}.</Text> : null}
        {drills.data && drills.data.length > 0 ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Evacuation</Table.Th>
                <Table.Th>People</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drills.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.drill_time ? `${d.drill_date} ${d.drill_time}` : d.drill_date}</Table.Td>
                  <Table.Td>{`${fireDrillTypeLabels[d.drill_type]}${d.announced ? ' (announced)' : ''}`}</Table.Td>
                  <Table.Td>{d.evacuation_seconds === null ? '—' : `${d.evacuation_seconds} s`}</Table.Td>
                  <Table.Td>{d.occupants ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
