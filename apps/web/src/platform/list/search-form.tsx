import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';

export interface SearchField<K extends string> {
  name: K;
  label: string;
  /** A select of these choices instead of a text box ('' is "any"). */
  options?: readonly { value: string; label: string }[];
  /** A checkbox; its value is 'true' when ticked. */
  checkbox?: boolean;
  autoComplete?: string;
  description?: string;
}

interface SearchFormProps<K extends string> {
  label: string;
  fields: readonly SearchField<K>[];
  criteria: Record<K, string>;
  onSearch(criteria: Record<K, string>): void;
  busy?: boolean;
}

/** The criteria of a search page; submitting writes them to the address, which runs the search. */
export function SearchForm<K extends string>({
  label,
  fields,
  criteria,
  onSearch,
  busy,
}: SearchFormProps<K>) {
  const [values, setValues] = useState(criteria);
  const key = JSON.stringify(criteria);
  // The address changed (back button, a link): show its criteria.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised criteria stand for the object
  useEffect(() => setValues(criteria), [key]);

  const set = (name: K, value: string) => setValues((old) => ({ ...old, [name]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  const clear = () => {
    const empty = Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<K, string>;
    setValues(empty);
    onSearch(empty);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form aria-label={label} onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          {fields.map((field) => {
            if (field.checkbox)
              return (
                <Checkbox
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  mt={{ sm: 'xl' }}
                  checked={values[field.name] === 'true'}
                  onChange={(event) => set(field.name, event.currentTarget.checked ? 'true' : '')}
                />
              );
            if (field.options)
              return (
                <NativeSelect
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  value={values[field.name]}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                  data={[{ value: '', label: 'Any' }, ...field.options]}
                />
              );
            return (
              <TextInput
                key={field.name}
                label={field.label}
                description={field.description}
                name={field.name}
                autoComplete={field.autoComplete ?? 'off'}
                value={values[field.name]}
                onChange={(event) => set(field.name, event.currentTarget.value)}
              />
            );
          })}
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit" loading={busy}>
            Search
          </Button>
          <Button variant="default" onClick={clear}>
            Clear
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
