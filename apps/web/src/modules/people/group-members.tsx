import type { Person } from '@licensure/contracts';
import { Button, Fieldset, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { personName } from '../registry/ui/format';
import { peopleApi } from './people-api';

type PublicPerson = Pick<
  Person,
  'id' | 'first_name' | 'middle_name' | 'last_name' | 'suffix' | 'city' | 'state'
>;

function useNames(ids: readonly string[]) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['people', 'public', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PublicPerson>('/api/users/getPublicSearchUser', { query: { id }, signal }),
      staleTime: 5 * 60_000,
    })),
  });
  return (id: string) => {
    const found = results[ids.indexOf(id)]?.data;
    return found ? personName(found) : 'Loading the name…';
  };
}

interface GroupMembersProps {
  memberIds: readonly string[];
  error?: string;
  onChange(ids: string[]): void;
}

/** The people of a security group: a list with Remove buttons and a search to add more. */
export function GroupMembers({ memberIds, error, onChange }: GroupMembersProps) {
  const nameOf = useNames(memberIds);
  const [text, setText] = useState('');
  const [lastName, setLastName] = useState('');
  const found = useQuery({
    queryKey: ['people', 'search', { last_name: lastName }, 1, 'group'],
    queryFn: ({ signal }) => peopleApi.search({ last_name: lastName }, 1, 10, signal),
    enabled: lastName !== '',
  });
  const candidates = (found.data?.items ?? []).filter((p) => !memberIds.includes(p.id));

  return (
    <Fieldset legend={`Members (${memberIds.length})`}>
      <Stack gap="md">
        {error ? (
          <Text size="sm" c="red.8">
            {error}
          </Text>
        ) : null}
        {memberIds.length === 0 ? (
          <Text>The group has no members yet.</Text>
        ) : (
          <List listStyleType="none" spacing="xs">
            {memberIds.map((id) => (
              <List.Item key={id}>
                <Group gap="sm">
                  <Text>{nameOf(id)}</Text>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    color="red"
                    aria-label={`Remove ${nameOf(id)}`}
                    onClick={() => onChange(memberIds.filter((m) => m !== id))}
                  >
                    Remove
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Find a person to add, by last name"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setLastName(text.trim());
              }
            }}
          />
          <Button variant="default" onClick={() => setLastName(text.trim())}>
            Find
          </Button>
        </Group>
        {lastName && found.isPending ? <LoadingState label="Searching people…" /> : null}
        {found.isError ? <ErrorState error={found.error} title="The search failed" /> : null}
        <div role="status">
          {found.data ? (
            candidates.length === 0 ? (
              <Text size="sm">Nobody else has a last name starting with “{lastName}”.</Text>
            ) : (
              <List listStyleType="none" spacing="xs" aria-label="People found">
                {candidates.map((p) => (
                  <List.Item key={p.id}>
                    <Group gap="sm">
                      <Text>
                        {personName(p)}
                        {p.email ? ` (${p.email})` : ''}
                      </Text>
                      <Button
                        size="compact-sm"
                        variant="outline"
                        aria-label={`Add ${personName(p)}`}
                        onClick={() => onChange([...memberIds, p.id])}
                      >
                        Add
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )
          ) : null}
        </div>
      </Stack>
    </Fieldset>
  );
}
