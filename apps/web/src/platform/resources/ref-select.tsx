import type { ResourceSpec } from '@licensure/contracts';
import { NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { requiredLabelProps } from '../components/required-mark';
import { entityTitle, resourceApi, resourceKeys } from './resource-api';

const MAX_CHOICES = 500;

interface RefSelectProps extends Partial<ReturnType<typeof requiredLabelProps>> {
  target: ResourceSpec;
  label: string;
  name: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}

/** Chooses a record of another reference list, loaded by its key. */
export function RefSelect({ target, value, onChange, ...common }: RefSelectProps) {
  const sortBy = target.fields.some((f) => f.name === 'label') ? 'label' : target.defaultSort;
  const params = { currentPage: 1, numPerPage: MAX_CHOICES, sortBy, reverse: false, search: '' };
  const choices = useQuery({
    queryKey: resourceKeys.list(target, params),
    queryFn: ({ signal }) => resourceApi.list(target, params, signal),
    staleTime: 60_000,
  });

  if (choices.isError) {
    // Without the list (no permission, offline) the id can still be typed.
    return (
      <TextInput
        {...common}
        description={`The ${target.title.toLowerCase()} could not be loaded; enter the record id.`}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        spellCheck={false}
        maw={420}
      />
    );
  }

  const items = choices.data?.items ?? [];
  const options = items.map((item) => ({ value: item.id, label: entityTitle(target, item) }));
  if (value && !items.some((item) => item.id === value)) options.unshift({ value, label: value });
  const empty = choices.isPending ? 'Loading…' : common.required ? 'Choose…' : '(none)';
  return (
    <NativeSelect
      {...common}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: empty }, ...options]}
      maw={420}
    />
  );
}
