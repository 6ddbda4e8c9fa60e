import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageSteps } from '../components/page-steps';
import { ErrorState, LoadingState } from '../components/status';
import { type Column, DataTable } from './data-table';

export const SEARCH_PAGE_SIZE = 25;

export { type SearchPage, searchPageOf, slicePage } from './search-page';

import type { SearchPage } from './search-page';

interface SearchResultsProps<T> {
  /** Plural noun of the rows ("people"), and its singular. */
  plural: string;
  singular: string;
  /** Shown instead of results while no criterion is given. */
  prompt: string;
  hasCriteria: boolean;
  query: UseQueryResult<SearchPage<T>>;
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  page: number;
  onPage(page: number): void;
  /**
   * Without criteria the page lists recent records instead of waiting for a search: the query then
   * holds them, and this names them ("Recently changed people").
   */
  recentCaption?: string;
}

/** Results of a server-side search: a live summary, the table and the pager, or the right empty state. */
export function SearchResults<T>(props: SearchResultsProps<T>) {
  const { plural, singular, query, page, recentCaption } = props;
  // Showing rows: after a search, or the recent records when the page lists them without one.
  const active = props.hasCriteria || recentCaption !== undefined;
  const data = active ? query.data : undefined;
  let summary = '';
  if (!active) summary = props.prompt;
  else if (!props.hasCriteria && data && data.total === 0) summary = `No ${plural} yet. ${props.prompt}`;
  else if (data && data.total === 0) summary = `No ${plural} match the search.`;
  else if (data && data.items.length === 0) summary = `No more ${plural} match the search.`;
  else if (data) {
    const first = (data.currentPage - 1) * data.numPerPage + 1;
    const last = first + data.items.length - 1;
    summary =
      data.total === null
        ? `Showing ${plural} ${first}–${last}; there may be more on the next page.`
        : `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? singular : plural}.`;
    if (!props.hasCriteria) summary = `${recentCaption}, last changed first. ${summary} ${props.prompt}`;
  }
  const pages = data?.total == null ? null : Math.max(1, Math.ceil(data.total / data.numPerPage));
  const paged = !!data && (data.total === null || data.total > data.numPerPage || data.currentPage > 1);
  return (
    <Stack gap="sm" component="section" aria-label={props.hasCriteria ? 'Search results' : recentCaption}>
      <Text role="status">
        {summary}
        {query.isFetching && data ? ' Updating…' : ''}
      </Text>
      {active && query.isPending ? (
        <LoadingState label={props.hasCriteria ? `Searching ${plural}…` : `Loading ${plural}…`} />
      ) : null}
      {active && query.isError ? (
        <ErrorState
          error={query.error}
          title={props.hasCriteria ? 'The search failed' : `The ${plural} could not be loaded`}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {active && data && data.items.length > 0 ? (
        <DataTable
          caption={
            props.hasCriteria
              ? `${plural.charAt(0).toUpperCase()}${plural.slice(1)} found`
              : (recentCaption ?? plural)
          }
          columns={props.columns}
          rows={data.items}
          rowKey={props.rowKey}
          busy={query.isFetching}
        />
      ) : null}
      {active && paged ? (
        <PageSteps label="Result pages" page={page} pages={pages} onPage={props.onPage} />
      ) : null}
    </Stack>
  );
}
