import type { PersonSummary } from '@licensure/contracts';
import { Button, Group, List, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { personName } from '../../platform/display/format';
import { peopleApi } from './people-api';

/**
 * Find people by the start of their last name (the first ten) and act on one: the search under a
 * security group's members and a template's holders. The results are a live region, so a screen reader
 * hears what the search found.
 */
export function PersonFinder({
  label,
  purpose,
  skip,
  nobody,
  action,
}: {
  /** The search box's label ("Find a person to add, by last name"). */
  label: string;
  /** Keeps this finder's cached answers apart from another's. */
  purpose: string;
  /** People not to offer (already members). */
  skip?: (id: string) => boolean;
  /** What to say when nobody is found. */
  nobody(lastName: string): string;
  /** The action beside a person found. */
  action(person: PersonSummary): ReactNode;
}) {
  const [text, setText] = useState('');
  const [lastName, setLastName] = useState('');
  const found = useQuery({
    queryKey: ['people', 'search', { last_name: lastName }, 1, purpose],
    queryFn: ({ signal }) => peopleApi.search({ last_name: lastName }, 1, 10, signal),
    enabled: lastName !== '',
  });
  const people = (found.data?.items ?? []).filter((p) => !skip?.(p.id));
  return (
    <>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
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
          people.length === 0 ? (
            <Text size="sm">{nobody(lastName)}</Text>
          ) : (
            <List listStyleType="none" spacing="xs" aria-label="People found">
              {people.map((p) => (
                <List.Item key={p.id}>
                  <Group gap="sm">
                    <Text>
                      {personName(p)}
                      {p.email ? ` (${p.email})` : ''}
                    </Text>
                    {action(p)}
                  </Group>
                </List.Item>
              ))}
            </List>
          )
        ) : null}
      </div>
    </>
  );
}
