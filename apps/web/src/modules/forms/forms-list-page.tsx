import type { FormSummary } from '@licensure/contracts';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
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
import { type FormListParams, formsApi, formsKeys } from './forms-api';
import { FORMS_BASE, PACKAGES_BASE } from './forms-paths';
import { useReferenceRows } from './use-reference-data';

function readParams(params: URLSearchParams): FormListParams {
  const page = Number(params.get('page'));
  const per = Number(params.get('per'));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    numPerPage: (PAGE_SIZES as readonly number[]).includes(per) ? per : DEFAULT_PAGE_SIZE,
    search: params.get('q') ?? '',
    sortBy: 'name',
    reverse: false,
  };
}

/** `/staff/forms`: every form of the enterprise, searched and paged on the server. */
export function FormsListPage() {
  const { viewer } = useSignedIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [searchText, setSearchText] = useState(params.search);
  const [debounced] = useDebouncedValue(searchText.trim(), 350);
  const canRead = hasPermission(viewer, 'forms.read');
  const canWrite = hasPermission(viewer, 'forms.write');
  const formTypes = useReferenceRows('fb_form_types', canRead);

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((current) => withParams(current, changes), { replace: true });
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    setSearchParams((current) => withParams(current, { q: debounced, page: null }), { replace: true });
  }, [debounced, setSearchParams]);

  const list = useQuery({
    queryKey: formsKeys.list(params),
    queryFn: ({ signal }) => formsApi.list(params, signal),
    placeholderData: keepPreviousData,
    enabled: canRead,
  });
  if (!canRead) return <ForbiddenPage />;

  const typeName = (id: string | null) =>
    id ? String(formTypes.data?.find((t) => t.id === id)?.label ?? '') : '';
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const pages = pageCount(total, params.numPerPage);
  const first = (params.currentPage - 1) * params.numPerPage + 1;
  let summary = '';
  if (list.data) {
    if (total === 0)
      summary = params.search ? `No forms match “${params.search}”.` : 'There are no forms yet.';
    else
      summary = `Showing ${first}–${first + items.length - 1} of ${total} ${total === 1 ? 'form' : 'forms'}.`;
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Forms"
        description="Application, inspection and exam forms, built from pages, groups and questions."
        actions={
          <>
            <Button variant="default" component={Link} to={PACKAGES_BASE}>
              Form packages
            </Button>
            {canWrite ? (
              <Button component={Link} to={`${FORMS_BASE}/new`}>
                New form
              </Button>
            ) : null}
          </>
        }
      />
      <FlashMessage />
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search forms"
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
      {list.isPending ? <LoadingState label="Loading forms…" /> : null}
      {list.isError ? (
        <ErrorState error={list.error} title="Could not load the forms" onRetry={() => void list.refetch()} />
      ) : null}
      {list.data && total === 0 && !params.search && canWrite ? (
        <Text>
          Start with{' '}
          <Anchor component={Link} to={`${FORMS_BASE}/new`}>
            a new form
          </Anchor>
          : add pages, groups and questions, then save.
        </Text>
      ) : null}
      {items.length > 0 ? <FormsTable items={items} typeName={typeName} busy={list.isFetching} /> : null}
      {list.data && total > params.numPerPage ? (
        <PageSteps
          label="Pages of forms"
          page={params.currentPage}
          pages={pages}
          onPage={(page) => update({ page: String(page) })}
        />
      ) : null}
    </Stack>
  );
}

function FormsTable({
  items,
  typeName,
  busy,
}: {
  items: readonly FormSummary[];
  typeName(id: string | null): string;
  busy: boolean;
}) {
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>None</VisuallyHidden>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder aria-busy={busy || undefined} captionSide="top">
        <Table.Caption>
          <VisuallyHidden>Forms</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Questions</Table.Th>
            <Table.Th scope="col">Responses</Table.Th>
            <Table.Th scope="col">Active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Th scope="row" fw="normal">
                <Anchor component={Link} to={`${FORMS_BASE}/${form.id}`}>
                  {form.name}
                </Anchor>
              </Table.Th>
              <Table.Td>{typeName(form.form_type_id) || none}</Table.Td>
              <Table.Td>{form.version}</Table.Td>
              <Table.Td>{form.question_count}</Table.Td>
              <Table.Td>{form.response_count}</Table.Td>
              <Table.Td>{form.active ? 'Yes' : 'No'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
