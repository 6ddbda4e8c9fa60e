import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { taskKeys, tasksApi } from './scheduled-tasks-api';

/** A task's runs, newest first: counts and errors. */
export function TaskLogs({ taskId }: { taskId: string }) {
  const logs = useQuery({ queryKey: taskKeys.logs(taskId), queryFn: () => tasksApi.logs(taskId) });
  if (logs.isPending) return <Text size="sm">Loading runs…</Text>;
  if (logs.isError) return <Text size="sm">The runs could not be loaded.</Text>;
  if (logs.data.items.length === 0) return <Text size="sm">Not run yet.</Text>;
  return (
    <Table aria-label="Runs of this task">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Started</Table.Th>
          <Table.Th>How</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Selected</Table.Th>
          <Table.Th>Alerts created</Table.Th>
          <Table.Th>Alerts retired</Table.Th>
          <Table.Th>Letters</Table.Th>
          <Table.Th>Errors</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.data.items.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>{new Date(l.started_at).toLocaleString()}</Table.Td>
            <Table.Td>{l.run_kind === 'manual' ? 'Run now' : 'Daily'}</Table.Td>
            <Table.Td>{l.status}</Table.Td>
            <Table.Td>{l.selected_count}</Table.Td>
            <Table.Td>{l.alerts_created}</Table.Td>
            <Table.Td>{l.alerts_retired}</Table.Td>
            <Table.Td>{l.letters_queued}</Table.Td>
            <Table.Td>{l.errors.length ? l.errors.join('; ') : 'None'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
