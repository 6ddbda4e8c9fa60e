import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CMS_BASE, cmsApi, cmsKeys } from './cms-api';

const PER_PAGE = 25;

/** `/staff/cms`: the public site's pages, drafts and published, in menu order. */
export function CmsPagesPage() {
  const { viewer } = useSignedIn();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({
    queryKey: cmsKeys.pages(page, searchText),
    queryFn: () => cmsApi.pages(page, PER_PAGE, searchText || undefined),
    placeholderData: keepPreviousData,
  });
  if (!hasPermission(viewer, 'configuration.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'cms.write');
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Public site pages"
        description="Pages of the public site: write them, preview them and publish them."
        actions={
          <Group>
            <Button component={Link} to={`${CMS_BASE}/menu`} variant="default">
              Menu
            </Button>
            {canWrite ? (
              <Button component={Link} to={`${CMS_BASE}/pages/new`}>
                New page
              </Button>
            ) : null}
          </Group>
        }
      />
      <TextInput
        label="Search"
        placeholder="Title or address"
        maw={360}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isPending ? <LoadingState label="Loading pages…" /> : null}
      {list.isError ? <ErrorState title="The pages could not be loaded" error={list.error} /> : null}
      {list.data && items.length === 0 ? <Text>No pages yet.</Text> : null}
      {items.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${CMS_BASE}/pages/${p.id}`}>
                    {p.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.slug === 'home' ? '/home' : `/pages/${p.slug}`}</Table.Td>
                <Table.Td>{!p.active ? 'Inactive' : p.published ? 'Published' : 'Draft'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
