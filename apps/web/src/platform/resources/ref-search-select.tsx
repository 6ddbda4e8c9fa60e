import type { ResourceSpec } from '@licensure/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { requiredLabelProps } from '../components/required-mark';
import { entityTitle, resourceApi, resourceKeys } from './resource-api';

const PAGE = 50;

export interface RefSearchSelectProps extends Partial<ReturnType<typeof requiredLabelProps>> {
  target: ResourceSpec;
  filters?: Readonly<Record<string, string>>;
  sortBy: string;
  label: string;
  name: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}

/**
 * Chooses a record of a list too long to load whole: the server searches as the user types (the first
 * 50 matches are offered), and the chosen record is read by its id so its name shows even when it is not
 * among the matches.
 */
export function RefSearchSelect({
  target,
  filters,
  sortBy,
  value,
  onChange,
  ...common
}: RefSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const chosen = useQuery({
    queryKey: resourceKeys.one(target, value),
    queryFn: ({ signal }) => resourceApi.get(target, value, signal),
    enabled: value !== '',
    staleTime: 60_000,
  });
  const chosenLabel = chosen.data ? entityTitle(target, chosen.data) : value;
  // The box shows the chosen record's name as its text: that is not a search.
  const [search] = useDebouncedValue(typed === chosenLabel ? '' : typed.trim(), 300);
  const params = { currentPage: 1, numPerPage: PAGE, sortBy, reverse: false, search };
  const matches = useQuery({
    queryKey: resourceKeys.list(target, params, filters),
    queryFn: ({ signal }) => resourceApi.list(target, params, signal, filters),
    staleTime: 60_000,
  });
  // The same options object until the answers change: Select puts the chosen option's name back in
  // the box whenever its options change, which would undo what the user is typing.
  const options = useMemo(() => {
    const found = (matches.data?.items ?? []).map((item) => ({
      value: item.id,
      label: entityTitle(target, item),
    }));
    if (value && !found.some((o) => o.value === value)) found.unshift({ value, label: chosenLabel });
    return found;
  }, [matches.data, target, value, chosenLabel]);
  const total = matches.data?.total ?? 0;
  const more = total > options.length ? `${total} records match; type more to narrow them.` : undefined;
  return (
    <Select
      {...common}
      description={[common.description, more].filter(Boolean).join(' ') || undefined}
      searchable
      clearable={!common.required}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has already filtered by the typed text (name, number or other searched fields).
      filter={({ options: all }) => all}
      data={options}
      nothingFoundMessage={matches.isPending ? 'Searching…' : 'Nothing matches'}
      placeholder="Type to search"
      maw={420}
    />
  );
}
