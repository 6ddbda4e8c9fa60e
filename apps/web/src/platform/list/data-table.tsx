import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { orEmpty } from '../display/details';

export interface Column<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
}

interface DataTableProps<T> {
  caption: string;
  /** Show the caption on screen; by default only screen readers get it (a heading names the table). */
  showCaption?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  busy?: boolean;
}

/** A plain, captioned table of rows; the first column is the row header. */
export function DataTable<T>({ caption, showCaption, columns, rows, rowKey, busy }: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder aria-busy={busy || undefined} captionSide="top">
        <Table.Caption>{showCaption ? caption : <VisuallyHidden>{caption}</VisuallyHidden>}</Table.Caption>
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
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.key} scope="row" fw="normal">
                    {orEmpty(column.render(row))}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.key}>{orEmpty(column.render(row))}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
