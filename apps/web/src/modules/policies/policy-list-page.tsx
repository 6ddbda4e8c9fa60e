import type { PolicyKind } from '@licensure/contracts';
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { POLICIES_BASE, policiesApi, policyKeys } from './policies-api';

const PER_PAGE = 25;

/** `/staff/policies`: policies and protocols paged on the server, by title, with their state. */
export function PolicyListPage() {
  const { viewer } = useSignedIn();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const query = {
    currentPage: page,
    numPerPage: PER_PAGE,
    search: searchText || undefined,
    kind: (kind ?? undefined) as PolicyKind | undefined,
    published: state === null ? undefined : state === 'published',
  };
  const list = useQuery({
    queryKey: policyKeys.list(query),
    queryFn: ({ signal }) => policiesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  if (!hasPermission(viewer, 'policies.read')) return <ForbiddenPage />;
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Policies and protocols"
        description="The office's policies and clinical protocols: drafts, published ones and who has read them."
        actions={
          hasPermission(viewer, 'policies.write') ? (
            <Button component={Link} to={`${POLICIES_BASE}/new`}>
              New policy
            </Button>
          ) : null
        }
      />
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Title, number or summary"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Kind"
          placeholder="Policies and protocols"
          clearable
          data={['Policy', 'Protocol']}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
        />
        <Select
          label="State"
          placeholder="Any"
          clearable
          data={[
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Draft' },
          ]}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
      </Group>
      {list.isPending ? <LoadingState label="Loading policies…" /> : null}
      {list.isError ? <ErrorState title="The policies could not be loaded" error={list.error} /> : null}
      {list.data && items.length === 0 ? <Text>No policies match.</Text> : null}
      {items.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Number</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Effective</Table.Th>
              <Table.Th>Read by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${POLICIES_BASE}/${p.id}`}>
                    {p.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.number ?? '—'}</Table.Td>
                <Table.Td>{p.kind ?? '—'}</Table.Td>
                <Table.Td>
                  {`${p.published ? 'Published' : 'Draft'}${p.policy_status ? ` (${p.policy_status})` : ''}`}
                </Table.Td>
                <Table.Td>{p.effective_date ?? '—'}</Table.Td>
                <Table.Td>{p.acknowledgement_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
