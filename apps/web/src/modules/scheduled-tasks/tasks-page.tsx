import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { SCHEDULED_TASKS_BASE, taskKeys, tasksApi } from './scheduled-tasks-api';

/** `/staff/scheduled-tasks`: the licence scheduled tasks. */
export function TasksPage() {
  const { viewer } = useSignedIn();
  const list = useQuery({ queryKey: taskKeys.list, queryFn: tasksApi.list });
  if (!hasPermission(viewer, 'scheduledTasks.read')) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Scheduled tasks"
        description="Daily jobs that find credentials by status, level and expiry, then create or retire alerts and send letters."
        actions={
          hasPermission(viewer, 'scheduledTasks.write') ? (
            <Button component={Link} to={`${SCHEDULED_TASKS_BASE}/new`}>
              New scheduled task
            </Button>
          ) : null
        }
      />
      {list.isPending ? <LoadingState label="Loading scheduled tasks…" /> : null}
      {list.isError ? <ErrorState title="The list could not be loaded" error={list.error} /> : null}
      {list.data && list.data.items.length === 0 ? <Text>No scheduled tasks yet.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Runs daily at</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th>Active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${SCHEDULED_TASKS_BASE}/${t.id}`}>
                    {t.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.frequency_begin_time_local}</Table.Td>
                <Table.Td>{t.last_run_at ? new Date(t.last_run_at).toLocaleString() : 'Never'}</Table.Td>
                <Table.Td>{t.active ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
