import { Paper, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface ResponsiveColumn<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
}

interface ResponsiveTableProps<T> {
  caption: string;
  /** The first column names the row: a row header in the table, the heading of a card. */
  columns: readonly ResponsiveColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
}

const blank = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

/**
 * A table on wide screens and a list of cards on narrow ones (below 48em), so that every column, its
 * actions too, is on screen without scrolling sideways: no scrolling region a keyboard cannot reach.
 */
export function ResponsiveTable<T>({ caption, columns, rows, rowKey }: ResponsiveTableProps<T>) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const [first, ...rest] = columns;
  if (!first) return null;
  if (narrow)
    return (
      <Stack gap="sm" component="ul" aria-label={caption} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder p="md" radius="md">
            <Title order={3} size="h4">
              {blank(first.render(row))}
            </Title>
            <dl className="read-only-fields" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
              {rest.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{blank(column.render(row))}</dd>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            <Table.Th scope="row" fw="normal">
              {blank(first.render(row))}
            </Table.Th>
            {rest.map((column) => (
              <Table.Td key={column.key}>{blank(column.render(row))}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
