import type { ResourceSpec } from '@licensure/contracts';
import { Checkbox, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { requiredLabelProps } from '../components/required-mark';
import { RefSearchSelect } from './ref-search-select';
import { entityTitle, resourceApi, resourceKeys } from './resource-api';

const MAX_CHOICES = 500;

interface RefSelectProps extends Partial<ReturnType<typeof requiredLabelProps>> {
  target: ResourceSpec;
  /** List filters narrowing the choices. */
  filters?: Readonly<Record<string, string>>;
  label: string;
  name: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}

/**
 * Chooses a record of another list, loaded by its key: a plain select of up to 500 records, and a
 * select that searches on the server for a longer list.
 */
export function RefSelect({ target, filters, value, onChange, ...common }: RefSelectProps) {
  const sortBy = target.fields.some((f) => f.name === 'label') ? 'label' : target.defaultSort;
  const params = { currentPage: 1, numPerPage: MAX_CHOICES, sortBy, reverse: false, search: '' };
  const choices = useQuery({
    queryKey: resourceKeys.list(target, params, filters),
    queryFn: ({ signal }) => resourceApi.list(target, params, signal, filters),
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
  if (choices.data && choices.data.total > items.length)
    return (
      <RefSearchSelect
        target={target}
        filters={filters}
        sortBy={sortBy}
        value={value}
        onChange={onChange}
        {...common}
      />
    );
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

interface RefChecklistProps {
  target: ResourceSpec;
  filters?: Readonly<Record<string, string>>;
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  /** The chosen ids, one a line (the form's value of a list of ids). */
  value: string;
  onChange(value: string): void;
}

/** Chooses several records of another list: a group of checkboxes, one per record. */
export function RefChecklist({
  target,
  filters,
  label,
  description,
  error,
  disabled,
  value,
  onChange,
}: RefChecklistProps) {
  const sortBy = target.fields.some((f) => f.name === 'label') ? 'label' : target.defaultSort;
  const params = { currentPage: 1, numPerPage: MAX_CHOICES, sortBy, reverse: false, search: '' };
  const choices = useQuery({
    queryKey: resourceKeys.list(target, params, filters),
    queryFn: ({ signal }) => resourceApi.list(target, params, signal, filters),
    staleTime: 60_000,
  });
  const chosen = value.split(/[\s,]+/).filter(Boolean);
  const items = choices.data?.items ?? [];
  const unknown = chosen.filter((id) => !items.some((item) => item.id === id));
  return (
    <Checkbox.Group
      label={label}
      description={description ?? (choices.isPending ? 'Loading the choices…' : undefined)}
      error={error}
      value={chosen}
      onChange={(ids) => onChange(ids.join('\n'))}
    >
      <Stack gap={6} mt={6}>
        {items.map((item) => (
          <Checkbox key={item.id} value={item.id} label={entityTitle(target, item)} disabled={disabled} />
        ))}
        {unknown.map((id) => (
          <Checkbox key={id} value={id} label={id} disabled={disabled} />
        ))}
        {choices.data && items.length === 0 ? <Text size="sm">There is nothing to choose yet.</Text> : null}
      </Stack>
    </Checkbox.Group>
  );
}
