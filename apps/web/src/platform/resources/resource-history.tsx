import type { DataChange, ResourceSpec } from '@licensure/contracts';
import { List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../components/status';
import { resourceApi, resourceKeys } from './resource-api';

const IGNORED = new Set(['id', 'enterprise_id', 'created_at', 'updated_at']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return `“${value}”`;
  return JSON.stringify(value);
}

/** The fields a change touched, "Label: “A” → “B”", in the resource's field order. */
export function describeChange(spec: ResourceSpec, change: Pick<DataChange, 'before' | 'after'>): string[] {
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  const labels = new Map(spec.fields.map((f) => [f.name, f.label]));
  const names = [
    ...new Set([...spec.fields.map((f) => f.name), ...Object.keys(after), ...Object.keys(before)]),
  ];
  const lines: string[] = [];
  for (const name of names) {
    if (IGNORED.has(name) || !(name in before || name in after)) continue;
    const was = before[name];
    const now = after[name];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    const label = labels.get(name) ?? name;
    if (!(name in before)) lines.push(`${label}: ${show(now)}`);
    else if (!(name in after)) lines.push(`${label}: was ${show(was)}`);
    else lines.push(`${label}: ${show(was)} → ${show(now)}`);
  }
  return lines;
}

const actionWords: Record<string, string> = { create: 'Created', update: 'Changed', delete: 'Deleted' };

/** The data change log of one record (shown to users with logging.read). */
export function ResourceHistory({ spec, id }: { spec: ResourceSpec; id: string }) {
  const history = useQuery({
    queryKey: resourceKeys.history(spec, id),
    queryFn: ({ signal }) => resourceApi.history(spec, id, signal),
  });
  const changes = [...(history.data ?? [])].sort((a, b) => b.changed_at.localeCompare(a.changed_at));
  return (
    <Stack gap="sm" component="section" aria-labelledby="history-heading" mt="xl">
      <Title order={2} id="history-heading" size="h3">
        History
      </Title>
      {history.isPending ? <LoadingState label="Loading history…" /> : null}
      {history.isError ? (
        <ErrorState
          error={history.error}
          title="Could not load the history"
          onRetry={() => void history.refetch()}
        />
      ) : null}
      {history.data && changes.length === 0 ? (
        <Text>No changes are recorded for this {spec.singular}.</Text>
      ) : null}
      {changes.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder aria-label={`Change history of this ${spec.singular}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change, index) => {
                const lines = describeChange(spec, change);
                return (
                  <Table.Tr key={change.id ?? index}>
                    <Table.Td>{new Date(change.changed_at).toLocaleString()}</Table.Td>
                    <Table.Td>{change.user_name ?? 'System'}</Table.Td>
                    <Table.Td>{actionWords[change.action] ?? change.action}</Table.Td>
                    <Table.Td>
                      {lines.length > 0 ? (
                        <List size="sm" spacing={2}>
                          {lines.map((line) => (
                            <List.Item key={line}>{line}</List.Item>
                          ))}
                        </List>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
