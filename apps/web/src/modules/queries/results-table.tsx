import type { QueryResults } from '@licensure/contracts';
import { Table, Text, VisuallyHidden } from '@mantine/core';

const cellText = (v: string | number | boolean | null) =>
  v === null || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** The rows of a query's page under its column headings; an empty page says so. */
export function ResultsTable({
  caption,
  results,
  busy,
}: {
  caption: string;
  results: QueryResults;
  busy?: boolean;
}) {
  if (results.rows.length === 0) return <Text>No record matches this query.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder aria-busy={busy || undefined} captionSide="top">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {results.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place (the same field may be shown twice)
              <Table.Th key={`${c.field}-${i}`} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a result page have no id; the page is replaced whole
            <Table.Tr key={r}>
              {row.map((cell, i) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  key={i}
                  style={results.columns[i]?.type === 'number' ? { textAlign: 'right' } : undefined}
                >
                  {cellText(cell)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
