import { Anchor, Button, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CMS_BASE, type CmsPage, cmsApi, cmsKeys, type MenuNode } from './cms-api';
import { publicPathOf } from './cms-page-editor';

function MenuTree({ nodes }: { nodes: MenuNode[] }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <Anchor href={publicPathOf(n.slug)}>{n.label}</Anchor>
          {n.children.length > 0 ? <MenuTree nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** One page's place in the menu: its parent and its order among its siblings, saved on its own. */
function MenuRow({ page, pages, canWrite }: { page: CmsPage; pages: CmsPage[]; canWrite: boolean }) {
  const client = useQueryClient();
  const [parent, setParent] = useState<string | null>(page.parent_id);
  const [order, setOrder] = useState<number>(page.sort_order);
  const save = useMutation({
    mutationFn: () => cmsApi.update(page.id, { parent_id: parent, sort_order: order }),
    onSuccess: () => client.invalidateQueries({ queryKey: cmsKeys.all }),
  });
  const changed = parent !== page.parent_id || order !== page.sort_order;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`${CMS_BASE}/pages/${page.id}`}>
          {page.label}
        </Anchor>
        {page.published ? null : <Text size="sm">Draft: not in the menu</Text>}
      </Table.Td>
      <Table.Td>
        <Select
          label={`Parent of ${page.label}`}
          placeholder="At the top"
          clearable
          disabled={!canWrite}
          data={pages.filter((p) => p.id !== page.id).map((p) => ({ value: p.id, label: p.label }))}
          value={parent}
          onChange={setParent}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          label={`Order of ${page.label}`}
          min={0}
          max={100000}
          disabled={!canWrite}
          value={order}
          onChange={(v) => setOrder(typeof v === 'number' ? v : 0)}
          w={120}
        />
      </Table.Td>
      <Table.Td>
        {canWrite ? (
          <Button
            type="button"
            variant="default"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate()}
            aria-label={`Save the place of ${page.label}`}
          >
            Save
          </Button>
        ) : null}
        {save.isError ? (
          <Text c="var(--mantine-color-error)" role="alert" size="sm">
            {errorMessage(save.error)}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/staff/cms/menu`: the public site's menu as visitors see it, and where each page sits in it. */
export function CmsMenuPage() {
  const { viewer } = useSignedIn();
  const menu = useQuery({ queryKey: cmsKeys.menu, queryFn: cmsApi.menu });
  const all = useQuery({ queryKey: cmsKeys.allPages, queryFn: () => cmsApi.pages(1, 200) });
  if (!hasPermission(viewer, 'configuration.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'cms.write');
  const pages = (all.data?.items ?? []).filter((p) => p.active);
  return (
    <Stack gap="md">
      <PageHeader
        title="Public site menu"
        description="Published pages make the menu; a page sits under its parent, in order."
      />
      <Anchor component={Link} to={CMS_BASE}>
        Back to the pages
      </Anchor>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="menu-heading">
        <Title order={2} size="h3" id="menu-heading">
          The menu visitors see
        </Title>
        {menu.isPending ? <LoadingState label="Loading the menu…" /> : null}
        {menu.isError ? <ErrorState title="The menu could not be loaded" error={menu.error} /> : null}
        {menu.data?.length === 0 ? <Text>No page is published yet.</Text> : null}
        {menu.data && menu.data.length > 0 ? <MenuTree nodes={menu.data} /> : null}
      </Paper>
      {all.isPending ? <LoadingState label="Loading pages…" /> : null}
      {pages.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>Parent</Table.Th>
              <Table.Th>Order</Table.Th>
              <Table.Th>Save</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.map((p) => (
              <MenuRow key={`${p.id}-${p.updated_at}`} page={p} pages={pages} canWrite={canWrite} />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
