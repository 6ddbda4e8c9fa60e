import type { ListResult } from '@licensure/contracts';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import type { Column } from '../../platform/list/data-table';
import { SearchResults } from '../../platform/list/search-results';
import { useSearchState } from '../../platform/list/search-state';
import { FlashMessage } from '../../platform/resources/flash-message';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import {
  groupsApi,
  SECURITY_BASE,
  type SecurityGroup,
  type SecurityKind,
  type SecurityListParams,
  type SecurityTemplate,
  securityKeys,
  templatesApi,
} from './security-api';

const PAGE_SIZE = 25;

export const templatesPath = `${SECURITY_BASE}/security-templates`;
export const groupsPath = `${SECURITY_BASE}/security-groups`;

interface SecurityListProps<T extends { id: string; label: string }> {
  kind: SecurityKind;
  title: string;
  description: string;
  basePath: string;
  plural: string;
  singular: string;
  load(p: SecurityListParams, signal?: AbortSignal): Promise<ListResult<T>>;
  columns: readonly Column<T>[];
}

function SecurityList<T extends { id: string; label: string }>(props: SecurityListProps<T>) {
  const { viewer } = useSignedIn();
  const allowed = hasPermission(viewer, 'security.admin');
  const { criteria, page, search, goToPage } = useSearchState(['q'] as const);
  const [text, setText] = useState(criteria.q);
  const [debounced] = useDebouncedValue(text.trim(), 350);
  // Only typing changes the address; the address changing (back button) must not be overwritten.
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    search({ q: debounced });
  }, [debounced, search]);
  const params = { currentPage: page, numPerPage: PAGE_SIZE, search: criteria.q };
  const list = useQuery({
    queryKey: securityKeys.list(props.kind, params),
    queryFn: ({ signal }) => props.load(params, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return <ForbiddenPage />;
  const columns: readonly Column<T>[] = [
    {
      key: 'label',
      header: 'Name',
      render: (row) => (
        <Anchor component={Link} to={`${props.basePath}/${row.id}`}>
          {row.label}
        </Anchor>
      ),
    },
    ...props.columns,
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <Button component={Link} to={`${props.basePath}/new`}>
            New
          </Button>
        }
      />
      <FlashMessage />
      <TextInput
        type="search"
        label={`Search ${props.plural}`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={320}
      />
      <SearchResults
        plural={props.plural}
        singular={props.singular}
        prompt=""
        hasCriteria
        query={list}
        columns={columns}
        rowKey={(row) => row.id}
        page={page}
        onPage={goToPage}
      />
    </Stack>
  );
}

/** `/staff/admin/security-templates`: the permission sets people hold. */
export function SecurityTemplateListPage() {
  return (
    <SecurityList<SecurityTemplate>
      kind="templates"
      title="Security templates"
      description="Sets of permissions; people hold one or more of them."
      basePath={templatesPath}
      plural="security templates"
      singular="security template"
      load={templatesApi.list}
      columns={[
        { key: 'description', header: 'Description', render: (t) => t.description },
        { key: 'permissions', header: 'Permissions', render: (t) => String(t.permissions.length) },
        { key: 'portal', header: 'Portal default', render: (t) => (t.is_portal_default ? 'Yes' : 'No') },
      ]}
    />
  );
}

/** `/staff/admin/security-groups`: named groups of people (viewers and editors of saved queries). */
export function SecurityGroupListPage() {
  return (
    <SecurityList<SecurityGroup>
      kind="groups"
      title="Security groups"
      description="Named groups of people, for sharing saved queries."
      basePath={groupsPath}
      plural="security groups"
      singular="security group"
      load={groupsApi.list}
      columns={[
        { key: 'description', header: 'Description', render: (g) => g.description },
        { key: 'members', header: 'Members', render: (g) => String(g.user_ids.length) },
      ]}
    />
  );
}
