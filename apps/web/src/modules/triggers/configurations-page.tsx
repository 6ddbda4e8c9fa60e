import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { TRIGGERS_BASE, triggerKeys, triggersApi } from './triggers-api';

/** `/staff/triggers`: the trigger configurations, and a new one. */
export function ConfigurationsPage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({ queryKey: triggerKeys.configurations, queryFn: triggersApi.configurations });
  const create = useMutation({
    mutationFn: () => triggersApi.createConfiguration({ name, description: null, active: true }),
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: triggerKeys.configurations });
      navigate(`${TRIGGERS_BASE}/${created.id}`);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  if (!hasPermission(viewer, 'triggers.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'triggers.write');
  return (
    <Stack gap="md">
      <PageHeader
        title="Trigger configurations"
        description="Actions that run when something happens: a request is submitted, a credential is issued, a process step changes."
      />
      {canWrite ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="New configuration name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              required
            />
            <Button type="submit" loading={create.isPending}>
              Create configuration
            </Button>
          </Group>
        </form>
      ) : null}
      {list.isPending ? <LoadingState label="Loading trigger configurations…" /> : null}
      {list.isError ? <ErrorState title="The list could not be loaded" error={list.error} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text>No trigger configurations yet.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Last fired</Table.Th>
                <Table.Th>Failed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${TRIGGERS_BASE}/${c.id}`}>
                      {c.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.description}</Table.Td>
                  <Table.Td>{c.active ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    {c.last_fired_at ? new Date(c.last_fired_at).toLocaleString() : 'Not fired yet'}
                  </Table.Td>
                  <Table.Td>{c.failed_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : null}
    </Stack>
  );
}
