import type { InspectionOutput } from '@licensure/contracts';
import { Table, Text } from '@mantine/core';
import type { ChecklistOutput } from './inspections-api';
import type { OutboxEntry } from './offline/field-db';

type Row = [label: string, mine: string, theirs: string];

const shown = (value: unknown) =>
  value === true
    ? 'Yes'
    : value === false
      ? 'No'
      : value === null || value === undefined || value === ''
        ? '—'
        : String(value);

const INSPECTION_FIELDS: [keyof InspectionOutput, string][] = [
  ['outcome', 'Outcome'],
  ['notes', 'Notes'],
  ['signer_name', 'Signed by'],
];
const CHECKLIST_FIELDS: [keyof ChecklistOutput, string][] = [
  ['name', 'Checklist'],
  ['completed', 'Complete'],
  ['outcome', 'Outcome'],
  ['signer_name', 'Signed by'],
];

/** The fields where the inspector's version and the server's differ (notes always shown). */
export function conflictRows(entry: OutboxEntry): Row[] {
  if (!entry.server) return [];
  const change = entry.change;
  if (change.kind === 'inspection') {
    const server = entry.server as InspectionOutput;
    const mine = change.inspection as Record<string, unknown>;
    const rows: Row[] = INSPECTION_FIELDS.flatMap(([key, label]): Row[] => {
      const [ours, theirs] = [shown(mine[key]), shown(server[key])];
      return ours === theirs && key !== 'notes' ? [] : [[label, ours, theirs]];
    });
    rows.push([
      'Deficiencies',
      (change.inspection.deficiencies ?? []).map((d) => d.description).join('; ') || '—',
      server.deficiencies.map((d) => d.description).join('; ') || '—',
    ]);
    return rows;
  }
  if (change.kind !== 'checklist') return [];
  const server = entry.server as ChecklistOutput;
  const mine = change.checklist as Record<string, unknown>;
  const rows = CHECKLIST_FIELDS.flatMap(([key, label]): Row[] => {
    const [ours, theirs] = [shown(mine[key]), shown(server[key])];
    return ours === theirs ? [] : [[label, ours, theirs]];
  });
  const given = (change.answers ?? []).filter((a) => a.value !== null && a.value !== '').length;
  rows.push([
    'Answers',
    given === 1 ? '1 answer given on this device' : `${given} answers given on this device`,
    `Last changed ${new Date(server.updated_at).toLocaleString()}`,
  ]);
  return rows;
}

/** Mine against the server's, field by field, for the inspector to choose. */
export function Comparison({ entry }: { entry: OutboxEntry }) {
  const rows = conflictRows(entry);
  if (rows.length === 0) return null;
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Your version</Table.Th>
              <Table.Th scope="col">On the server now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, ours, theirs]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{ours}</Table.Td>
                <Table.Td>{theirs}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {entry.change.kind === 'checklist' ? (
        <Text size="sm">
          Keeping your version saves these fields over the server's and adds your answers over the stored
          ones; answers you did not give stay as they are on the server.
        </Text>
      ) : null}
    </>
  );
}
