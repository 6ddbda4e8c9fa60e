import type { QueryField, QueryOperator } from '@licensure/contracts';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queriesApi, queriesKeys } from './queries-api';

let keys = 0;
/** A key for a new row of the builder, kept while rows are added, moved and removed. */
export const newKey = () => `row-${++keys}`;

export interface ColumnRow {
  key: string;
  field: string;
  label: string;
  sort: '' | 'asc' | 'desc';
}
export interface FilterRow {
  key: string;
  field: string;
  operator: QueryOperator;
  value: string;
}
export interface AdvancedRow extends FilterRow {
  and_flag: boolean;
  left: string;
  right: string;
}

const operatorLabels: Record<QueryOperator, string> = {
  '=': 'is',
  '<>': 'is not',
  '<': 'is less than (before)',
  '<=': 'is at most (on or before)',
  '>': 'is more than (after)',
  '>=': 'is at least (on or after)',
  like: 'contains',
  'not like': 'does not contain',
};

const fieldOptions = (fields: readonly QueryField[]) => {
  const groups = [...new Set(fields.map((f) => f.group))];
  return groups.map((group) => ({
    group,
    items: fields.filter((f) => f.group === group).map((f) => ({ value: f.id, label: f.label })),
  }));
};

const valueHelp = (f: QueryField | undefined) =>
  f?.type === 'date'
    ? "A date (YYYY-MM-DD) or '30 days', '3 months', '-1 years' from today"
    : f?.type === 'bool'
      ? 'yes or no'
      : f?.type === 'number'
        ? 'A number'
        : 'Leave empty to find records without a value';

/** The value of a filter: free text, with the choices of the field's reference list offered. */
function ValueInput({
  field,
  label,
  value,
  onChange,
}: {
  field: QueryField | undefined;
  label: string;
  value: string;
  onChange(v: string): void;
}) {
  const described = useQuery({
    queryKey: queriesKeys.field(field?.id ?? ''),
    queryFn: ({ signal }) => queriesApi.field(field!.id, signal),
    enabled: !!field && field.type === 'text',
    staleTime: 60_000,
  });
  const choices = described.data?.choices ?? [];
  if (choices.length > 0)
    return (
      <Autocomplete
        label={label}
        description={valueHelp(field)}
        data={choices}
        value={value}
        onChange={onChange}
        maxLength={200}
      />
    );
  return (
    <TextInput
      label={label}
      description={valueHelp(field)}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={200}
    />
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <ActionIcon variant="subtle" color="red.9" aria-label={label} onClick={onClick} mb={4}>
      ×
    </ActionIcon>
  );
}

export function ColumnRows({
  fields,
  rows,
  onChange,
}: {
  fields: readonly QueryField[];
  rows: ColumnRow[];
  onChange(rows: ColumnRow[]): void;
}) {
  const set = (i: number, patch: Partial<ColumnRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    onChange(next);
  };
  return (
    <Fieldset legend="Columns">
      <Stack gap="xs">
        {rows.length === 0 ? <Text c="dimmed">Add at least one column.</Text> : null}
        {rows.map((r, i) => (
          <Group key={r.key} align="flex-end" wrap="wrap" gap="xs">
            <Select
              label={`Column ${i + 1}`}
              data={fieldOptions(fields)}
              value={r.field || null}
              onChange={(v) => set(i, { field: v ?? '' })}
              searchable
              allowDeselect={false}
              w={240}
            />
            <TextInput
              label={`Column ${i + 1} heading`}
              placeholder="The field's name"
              value={r.label}
              onChange={(e) => set(i, { label: e.currentTarget.value })}
              maxLength={100}
              w={200}
            />
            <Select
              label={`Column ${i + 1} sort`}
              data={[
                { value: 'none', label: 'Not sorted' },
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
              value={r.sort || 'none'}
              onChange={(v) => set(i, { sort: (v === 'asc' || v === 'desc' ? v : '') as ColumnRow['sort'] })}
              allowDeselect={false}
              w={150}
            />
            <Button variant="subtle" size="xs" disabled={i === 0} onClick={() => move(i, -1)} mb={4}>
              Move up
            </Button>
            <RemoveButton
              label={`Remove column ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            />
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          onClick={() =>
            onChange([...rows, { key: newKey(), field: fields[0]?.id ?? '', label: '', sort: '' }])
          }
        >
          Add column
        </Button>
      </Stack>
    </Fieldset>
  );
}

function FilterFields({
  fields,
  row,
  n,
  what,
  set,
}: {
  fields: readonly QueryField[];
  row: FilterRow;
  n: number;
  what: string;
  set(patch: Partial<FilterRow>): void;
}) {
  const field = fields.find((f) => f.id === row.field);
  const ops = field?.operators ?? ['='];
  return (
    <>
      <Select
        label={`${what} ${n} field`}
        data={fieldOptions(fields)}
        value={row.field || null}
        onChange={(v) => {
          const next = fields.find((f) => f.id === v);
          set({ field: v ?? '', operator: next?.operators.includes(row.operator) ? row.operator : '=' });
        }}
        searchable
        allowDeselect={false}
        w={220}
      />
      <Select
        label={`${what} ${n} test`}
        data={ops.map((o) => ({ value: o, label: operatorLabels[o] }))}
        value={row.operator}
        onChange={(v) => set({ operator: (v ?? '=') as QueryOperator })}
        allowDeselect={false}
        w={200}
      />
      <ValueInput
        field={field}
        label={`${what} ${n} value`}
        value={row.value}
        onChange={(value) => set({ value })}
      />
    </>
  );
}

export function FilterRows({
  fields,
  rows,
  onChange,
}: {
  fields: readonly QueryField[];
  rows: FilterRow[];
  onChange(rows: FilterRow[]): void;
}) {
  return (
    <Fieldset legend="Filters (all must hold)">
      <Stack gap="xs">
        {rows.length === 0 ? <Text c="dimmed">No filter: every record is listed.</Text> : null}
        {rows.map((r, i) => (
          <Group key={r.key} align="flex-end" wrap="wrap" gap="xs">
            <FilterFields
              fields={fields}
              row={r}
              n={i + 1}
              what="Filter"
              set={(patch) => onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
            />
            <RemoveButton
              label={`Remove filter ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            />
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          onClick={() =>
            onChange([...rows, { key: newKey(), field: fields[0]?.id ?? '', operator: '=', value: '' }])
          }
        >
          Add filter
        </Button>
      </Stack>
    </Fieldset>
  );
}

export function AdvancedRows({
  fields,
  rows,
  onChange,
}: {
  fields: readonly QueryField[];
  rows: AdvancedRow[];
  onChange(rows: AdvancedRow[]): void;
}) {
  const set = (i: number, patch: Partial<AdvancedRow>) =>
    onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Fieldset legend="Advanced filter (and / or, with parentheses)">
      <Stack gap="xs">
        {rows.length === 0 ? <Text c="dimmed">No advanced filter.</Text> : null}
        {rows.map((r, i) => (
          <Group key={r.key} align="flex-end" wrap="wrap" gap="xs">
            <Select
              label={`Clause ${i + 1} joins by`}
              data={[
                { value: 'and', label: 'and' },
                { value: 'or', label: 'or' },
              ]}
              value={r.and_flag ? 'and' : 'or'}
              onChange={(v) => set(i, { and_flag: v !== 'or' })}
              disabled={i === 0}
              allowDeselect={false}
              w={110}
            />
            <Select
              label={`Clause ${i + 1} opens`}
              data={['none', '(', '((', '((('].map((v) => ({ value: v, label: v }))}
              value={r.left || 'none'}
              onChange={(v) => set(i, { left: v === 'none' || !v ? '' : v })}
              allowDeselect={false}
              w={100}
            />
            <FilterFields fields={fields} row={r} n={i + 1} what="Clause" set={(patch) => set(i, patch)} />
            <Select
              label={`Clause ${i + 1} closes`}
              data={['none', ')', '))', ')))'].map((v) => ({ value: v, label: v }))}
              value={r.right || 'none'}
              onChange={(v) => set(i, { right: v === 'none' || !v ? '' : v })}
              allowDeselect={false}
              w={100}
            />
            <RemoveButton
              label={`Remove clause ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            />
          </Group>
        ))}
        <Button
          variant="light"
          w="fit-content"
          onClick={() =>
            onChange([
              ...rows,
              {
                key: newKey(),
                field: fields[0]?.id ?? '',
                operator: '=',
                value: '',
                and_flag: true,
                left: '',
                right: '',
              },
            ])
          }
        >
          Add clause
        </Button>
      </Stack>
    </Fieldset>
  );
}
