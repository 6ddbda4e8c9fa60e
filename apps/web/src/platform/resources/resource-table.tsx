import type { FieldSpec, ResourceSpec } from '@licensure/contracts';
import { Anchor, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ListParams } from './resource-api';
import { type Entity, entityTitle, listedFields } from './resource-api';

function CellValue({ field, value }: { field: FieldSpec; value: unknown }) {
  if (field.kind === 'bool') return <>{value === true ? 'Yes' : 'No'}</>;
  if (field.kind === 'uuids') return <>{Array.isArray(value) ? value.length : 0}</>;
  if (value === null || value === undefined || value === '') {
    return (
      <>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>None</VisuallyHidden>
      </>
    );
  }
  return <>{String(value)}</>;
}

function SortIndicator({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  if (!direction) return <span aria-hidden="true">↕</span>;
  return <span aria-hidden="true">{direction === 'ascending' ? '▲' : '▼'}</span>;
}

interface ResourceTableProps {
  spec: ResourceSpec;
  items: readonly Entity[];
  params: ListParams;
  /** Where a row links to; none for read-only lists. */
  rowHref?: (entity: Entity) => string;
  busy: boolean;
  onSort(field: string): void;
}

/** The list table: sortable column headers (aria-sort), the first column linking to the record. */
export function ResourceTable({ spec, items, params, rowHref, busy, onSort }: ResourceTableProps) {
  const columns = listedFields(spec);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover withTableBorder aria-busy={busy || undefined} captionSide="top">
        <Table.Caption>
          <VisuallyHidden>{spec.title}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((field) => {
              const direction =
                params.sortBy === field.name ? (params.reverse ? 'descending' : 'ascending') : undefined;
              const sortable = !spec.sortable || spec.sortable.includes(field.name);
              return (
                <Table.Th key={field.name} scope="col" aria-sort={direction}>
                  {sortable ? (
                    <UnstyledButton className="sort-button" onClick={() => onSort(field.name)}>
                      {field.label}
                      <SortIndicator direction={direction} />
                    </UnstyledButton>
                  ) : (
                    field.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entity) => (
            <Table.Tr key={entity.id}>
              {columns.map((field, index) => (
                <Table.Td key={field.name}>
                  {index === 0 && rowHref ? (
                    <Anchor component={Link} to={rowHref(entity)}>
                      {field.kind === 'text' && entity[field.name] ? (
                        String(entity[field.name])
                      ) : (
                        <>
                          <CellValue field={field} value={entity[field.name]} />
                          <VisuallyHidden> (open {entityTitle(spec, entity)})</VisuallyHidden>
                        </>
                      )}
                    </Anchor>
                  ) : (
                    <CellValue field={field} value={entity[field.name]} />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
