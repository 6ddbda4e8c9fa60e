import { Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../components/status';
import { type Column, DataTable } from './data-table';

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled part of a profile page (a landmark named by its heading). */
export function ProfileSection({ id, title, children }: SectionProps) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

interface TableSectionProps<T> {
  id: string;
  title: string;
  query: UseQueryResult<readonly T[]>;
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  /** What to say when there are no rows ("No credentials on record."). */
  empty: string;
  /** More content under the table (actions on the listed records). */
  children?: ReactNode;
}

/** A profile section listing related records, with its own loading, error and empty states. */
export function TableSection<T>({
  id,
  title,
  query,
  columns,
  rowKey,
  empty,
  children,
}: TableSectionProps<T>) {
  const lower = title.toLowerCase();
  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={`Loading ${lower}…`} />;
  else if (query.isError)
    body = (
      <ErrorState
        error={query.error}
        title={`Could not load ${lower}`}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0) body = <Text>{empty}</Text>;
  else
    body = (
      <DataTable
        caption={title}
        columns={columns}
        rows={query.data}
        rowKey={rowKey}
        busy={query.isFetching}
      />
    );
  return (
    <ProfileSection id={id} title={title}>
      {body}
      {children}
    </ProfileSection>
  );
}
