import type { ListResult } from '@licensure/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client';

interface PersonRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email?: string | null;
}

const nameOf = (p: PersonRow) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.id;

/** Chooses a person by typing part of their name (the people list's search, 20 at a time). */
export function PersonPicker({
  label,
  value,
  onChange,
  description,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null, name: string | null) => void;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useQuery({
    queryKey: ['people', 'picker', debounced],
    queryFn: () =>
      api.get<ListResult<PersonRow>>('/api/users', {
        query: { search: debounced || undefined, numPerPage: 20, sortBy: 'updated_at', reverse: true },
      }),
  });
  const data = (people.data?.items ?? []).map((p) => ({
    value: p.id,
    label: p.email ? `${nameOf(p)} (${p.email})` : nameOf(p),
  }));
  return (
    <Select
      label={label}
      description={description}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={people.isPending ? 'Loading…' : 'No one found'}
      onChange={(id) => onChange(id, data.find((d) => d.value === id)?.label ?? null)}
    />
  );
}
