import { mergeCodes } from '@licensure/contracts';
import { Anchor, Button, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { MERGE_BASE, mergeApi, mergeKeys } from './merge-api';

/** `/staff/merge-templates`: templates by code, inactive ones on request. */
export function MergeTemplatesPage() {
  const { viewer } = useSignedIn();
  const [code, setCode] = useState<string | null>(null);
  const [inactive, setInactive] = useState(false);
  const list = useQuery({
    queryKey: mergeKeys.list(code, inactive),
    queryFn: () => mergeApi.list(code, inactive),
  });
  if (!hasPermission(viewer, 'merge.read')) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Merge templates"
        description="Letters and emails whose merge fields are filled from a real record."
        actions={
          hasPermission(viewer, 'merge.write') ? (
            <Button component={Link} to={`${MERGE_BASE}/new`}>
              New template
            </Button>
          ) : null
        }
      />
      <Group align="flex-end">
        <Select
          label="Code"
          placeholder="Every code"
          clearable
          data={[...mergeCodes]}
          value={code}
          onChange={setCode}
        />
        <Checkbox
          label="Include inactive"
          checked={inactive}
          onChange={(e) => setInactive(e.currentTarget.checked)}
        />
      </Group>
      {list.isPending ? <LoadingState label="Loading merge templates…" /> : null}
      {list.isError ? <ErrorState title="The templates could not be loaded" error={list.error} /> : null}
      {list.data?.items.length === 0 ? <Text>No merge templates.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th>Merges</Table.Th>
              <Table.Th>Active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${MERGE_BASE}/${t.id}`}>
                    {t.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.code}</Table.Td>
                <Table.Td>{t.merge_object}</Table.Td>
                <Table.Td>{t.active ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
