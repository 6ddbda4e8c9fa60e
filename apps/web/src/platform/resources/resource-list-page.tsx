import type { ResourceSpec } from '@licensure/contracts';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PageSteps } from '../components/page-steps';
import { ErrorState, LoadingState } from '../components/status';
import { FlashMessage } from './flash-message';
import { nextSort, PAGE_SIZES, pageCount, readListParams, withParams } from './list-params';
import { resourceApi, resourceKeys } from './resource-api';
import { ResourceTable } from './resource-table';

interface ResourceListPageProps {
  spec: ResourceSpec;
  /** The list's address; records are at `${basePath}/{id}` and new ones at `${basePath}/new`. */
  basePath: string;
  canWrite: boolean;
}

/** The one list page of every reference list: server paging, sorting, search, empty and loading states. */
export function ResourceListPage({ spec, basePath, canWrite }: ResourceListPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, spec);
  const [searchText, setSearchText] = useState(params.search);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), 350);
  const plural = spec.title.toLowerCase();
  const editable = canWrite && !spec.readOnly;

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((current) => withParams(current, changes), { replace: true });

  // Only typing changes the address; the address changing (back button) must not be overwritten.
  const appliedSearch = useRef(debouncedSearch);
  useEffect(() => {
    if (debouncedSearch === appliedSearch.current) return;
    appliedSearch.current = debouncedSearch;
    setSearchParams((current) => withParams(current, { q: debouncedSearch, page: null }), { replace: true });
  }, [debouncedSearch, setSearchParams]);

  const list = useQuery({
    queryKey: resourceKeys.list(spec, params),
    queryFn: ({ signal }) => resourceApi.list(spec, params, signal),
    placeholderData: keepPreviousData,
  });

  const total = list.data?.total ?? 0;
  const pages = pageCount(total, params.numPerPage);
  const items = list.data?.items ?? [];
  const first = (params.currentPage - 1) * params.numPerPage + 1;
  const last = first + items.length - 1;

  let summary = '';
  if (list.data) {
    if (total === 0)
      summary = params.search ? `No ${plural} match “${params.search}”.` : `There are no ${plural} yet.`;
    else summary = `Showing ${first}–${last} of ${total} ${total === 1 ? spec.singular : plural}.`;
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={spec.title}
        actions={
          editable ? (
            <Button component={Link} to={`${basePath}/new`}>
              New
            </Button>
          ) : null
        }
        description={spec.readOnly ? 'This list is read-only.' : undefined}
      />
      <FlashMessage />
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={`Search ${plural}`}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={320}
        />
        <NativeSelect
          label="Rows per page"
          value={String(params.numPerPage)}
          onChange={(event) => update({ per: event.currentTarget.value, page: null })}
          data={PAGE_SIZES.map(String)}
          w={140}
        />
      </Group>
      <Text role="status" size="sm">
        {summary}
        {list.isFetching && list.data ? ' Updating…' : ''}
      </Text>
      {list.isPending ? <LoadingState label={`Loading ${plural}…`} /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title={`Could not load ${plural}`}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && items.length > 0 ? (
        <ResourceTable
          spec={spec}
          items={items}
          params={params}
          busy={list.isFetching}
          rowHref={spec.readOnly ? undefined : (entity) => `${basePath}/${entity.id}`}
          onSort={(field) => {
            const sort = nextSort(params, field);
            update({ sort: sort.sortBy, dir: sort.reverse ? 'desc' : null, page: null });
          }}
        />
      ) : null}
      {list.data && total > params.numPerPage ? (
        <PageSteps
          label="Pages"
          page={params.currentPage}
          pages={pages}
          onPage={(page) => update({ page: String(page) })}
        />
      ) : null}
    </Stack>
  );
}
