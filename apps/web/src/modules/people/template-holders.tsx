import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { personName } from '../../platform/display/format';
import { PersonFinder } from './person-finder';
import { holdersApi, type TemplateHolder } from './security-api';

const PAGE = 20;

/**
 * Who holds a security template: a paged table with Remove (confirmed), and a search by last name
 * to give the template to someone. Changes apply at once, apart from the template form's Save.
 */
export function TemplateHolders({ templateId }: { templateId: string }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);
  const key = ['security', 'templates', 'holders', templateId] as const;
  const holders = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }) => holdersApi.list(templateId, page, PAGE, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (userId: string) => holdersApi.add(templateId, userId),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => holdersApi.remove(templateId, userId),
    onSuccess: () => {
      setConfirming(null);
      return refresh();
    },
  });
  const holding = new Set((holders.data?.items ?? []).map((h) => h.id));
  const total = holders.data?.total ?? 0;
  const name = (h: TemplateHolder) => personName(h);

  return (
    <Fieldset legend={`Who holds this template (${total})`}>
      <Stack gap="md">
        {holders.isPending ? <LoadingState label="Loading the holders…" /> : null}
        {holders.isError ? (
          <ErrorState
            error={holders.error}
            title="Could not load the holders"
            onRetry={() => void holders.refetch()}
          />
        ) : null}
        {holders.data && holders.data.items.length === 0 ? (
          <Text>Nobody holds this template yet.</Text>
        ) : null}
        {holders.data && holders.data.items.length > 0 ? (
          <Table striped aria-label="Holders of this template">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holders.data.items.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/staff/people/${h.id}`}>
                      {name(h)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{h.email}</Table.Td>
                  <Table.Td>{h.is_staff ? 'Staff' : 'Portal'}</Table.Td>
                  <Table.Td>
                    {confirming === h.id ? (
                      <Group gap="xs">
                        <Button
                          size="compact-sm"
                          color="red"
                          loading={remove.isPending}
                          onClick={() => remove.mutate(h.id)}
                        >
                          Confirm removing {name(h)}
                        </Button>
                        <Button size="compact-sm" variant="default" onClick={() => setConfirming(null)}>
                          Keep
                        </Button>
                      </Group>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red"
                        aria-label={`Remove ${name(h)}`}
                        onClick={() => setConfirming(h.id)}
                      >
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {total > PAGE ? (
          <Pagination
            total={Math.ceil(total / PAGE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `Go to ${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        ) : null}
        {remove.isError ? <ErrorState error={remove.error} title="Could not remove the holder" /> : null}
        {add.isError ? <ErrorState error={add.error} title="Could not add the holder" /> : null}
        <PersonFinder
          label="Find a person to give this template, by last name"
          purpose="holders"
          nobody={(lastName) => `Nobody has a last name starting with “${lastName}”.`}
          action={(p) =>
            holding.has(p.id) ? (
              <Text size="sm">Holds it already</Text>
            ) : (
              <Button
                size="compact-sm"
                variant="outline"
                aria-label={`Give the template to ${personName(p)}`}
                loading={add.isPending && add.variables === p.id}
                onClick={() => add.mutate(p.id)}
              >
                Give
              </Button>
            )
          }
        />
      </Stack>
    </Fieldset>
  );
}
