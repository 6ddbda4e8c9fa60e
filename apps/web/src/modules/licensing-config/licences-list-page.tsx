import {
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { PageSteps } from '../../platform/components/page-steps';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { FlashMessage } from '../../platform/resources/flash-message';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, withParams } from '../../platform/resources/list-params';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { holderKindLabels } from './license-draft';
import {
  LICENCES_BASE,
  type LicenseListParams,
  type LicenseSummary,
  licensingConfigApi,
  licensingConfigKeys,
  PROCESSES_BASE,
} from './licensing-config-api';

function readParams(params: URLSearchParams): LicenseListParams {
  const page = Number(params.get('page'));
  const per = Number(params.get('per'));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    numPerPage: (PAGE_SIZES as readonly number[]).includes(per) ? per : DEFAULT_PAGE_SIZE,
    search: params.get('q') ?? '',
  };
}

/** `/staff/licences`: the enterprise's licences, searched and paged on the server, and those opened lately. */
export function LicencesListPage() {
  const { viewer } = useSignedIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [searchText, setSearchText] = useState(params.search);
  const [debounced] = useDebouncedValue(searchText.trim(), 350);
  const canRead = hasPermission(viewer, 'licensing.read');
  const canWrite = hasPermission(viewer, 'licensing.write');

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((current) => withParams(current, changes), { replace: true });
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    setSearchParams((current) => withParams(current, { q: debounced, page: null }), { replace: true });
  }, [debounced, setSearchParams]);

  const list = useQuery({
    queryKey: licensingConfigKeys.list(params),
    queryFn: ({ signal }) => licensingConfigApi.list(params, signal),
    placeholderData: keepPreviousData,
    enabled: canRead,
  });
  const viewed = useQuery({
    queryKey: licensingConfigKeys.viewed,
    queryFn: ({ signal }) => licensingConfigApi.viewed(signal),
    enabled: canRead,
  });
  if (!canRead) return <ForbiddenPage />;

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const pages = pageCount(total, params.numPerPage);
  const first = (params.currentPage - 1) * params.numPerPage + 1;
  let summary = '';
  if (list.data) {
    if (total === 0)
      summary = params.search ? `No licences match “${params.search}”.` : 'There are no licences yet.';
    else
      summary = `Showing ${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'licence' : 'licences'}.`;
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Licences"
        description="What people, services and vehicles apply for: categories, levels, statuses, processes, rules and charges."
        actions={
          <>
            <Button variant="default" component={Link} to={PROCESSES_BASE}>
              Processes
            </Button>
            {canWrite ? (
              <Button component={Link} to={`${LICENCES_BASE}/new`}>
                New licence
              </Button>
            ) : null}
          </>
        }
      />
      <FlashMessage />
      {viewed.data && viewed.data.length > 0 ? (
        <Paper withBorder p="md" component="section" aria-labelledby="recently-viewed-heading">
          <Title order={2} size="h4" id="recently-viewed-heading" mb="xs">
            Recently viewed
          </Title>
          <List size="sm" spacing={4}>
            {viewed.data.map((v) => (
              <List.Item key={v.license_id}>
                <Anchor component={Link} to={`${LICENCES_BASE}/${v.license_id}`}>
                  {v.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search licences"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={320}
        />
        <NativeSelect
          label="Rows per page"
          value={String(params.numPerPage)}
          data={PAGE_SIZES.map(String)}
          onChange={(e) => update({ per: e.currentTarget.value, page: null })}
          w={140}
        />
      </Group>
      <Text role="status" size="sm">
        {summary}
        {list.isFetching && list.data ? ' Updating…' : ''}
      </Text>
      {list.isPending ? <LoadingState label="Loading licences…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="Could not load the licences"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && total === 0 && !params.search && canWrite ? (
        <Text>
          Start with{' '}
          <Anchor component={Link} to={`${LICENCES_BASE}/new`}>
            a new licence
          </Anchor>
          : name it, add its categories and levels, then the statuses a request goes through.
        </Text>
      ) : null}
      {items.length > 0 ? <LicencesTable items={items} busy={list.isFetching} /> : null}
      {list.data && total > params.numPerPage ? (
        <PageSteps
          label="Pages of licences"
          page={params.currentPage}
          pages={pages}
          onPage={(page) => update({ page: String(page) })}
        />
      ) : null}
    </Stack>
  );
}

function LicencesTable({ items, busy }: { items: readonly LicenseSummary[]; busy: boolean }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover withTableBorder aria-busy={busy || undefined} captionSide="top">
        <Table.Caption>
          <VisuallyHidden>Licences</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Holder</Table.Th>
            <Table.Th scope="col">Active</Table.Th>
            <Table.Th scope="col">Public lookup</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Th scope="row" fw="normal">
                <Anchor component={Link} to={`${LICENCES_BASE}/${l.id}`}>
                  {l.name}
                </Anchor>
              </Table.Th>
              <Table.Td>{holderKindLabels[l.entity] ?? l.entity}</Table.Td>
              <Table.Td>{l.active ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{l.public_lookup ? 'Yes' : 'No'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
