import type { Person } from '@licensure/contracts';
import { Button, Fieldset, Group, List, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../platform/api/client';
import { personName } from '../../platform/display/format';
import { PersonFinder } from './person-finder';

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
        <PersonFinder
          label="Find a person to add, by last name"
          purpose="group"
          skip={(id) => memberIds.includes(id)}
          nobody={(lastName) => `Nobody else has a last name starting with “${lastName}”.`}
          action={(p) => (
            <Button
              size="compact-sm"
              variant="outline"
              aria-label={`Add ${personName(p)}`}
              onClick={() => onChange([...memberIds, p.id])}
            >
              Add
            </Button>
          )}
        />
      </Stack>
    </Fieldset>
  );
}
