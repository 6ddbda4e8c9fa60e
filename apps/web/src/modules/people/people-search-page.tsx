import type { PersonSummary } from '@licensure/contracts';
import { Anchor, Button, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { cityState, personName } from '../../platform/display/format';
import type { Column } from '../../platform/list/data-table';
import { type SearchField, SearchForm } from '../../platform/list/search-form';
import { SEARCH_PAGE_SIZE, SearchResults } from '../../platform/list/search-results';
import { nonEmpty, useSearchState } from '../../platform/list/search-state';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { peopleApi, peopleKeys } from './people-api';

export const PEOPLE_BASE = '/staff/people';

const fields = ['last_name', 'first_name', 'email', 'national_ems_id', 'license_number'] as const;
type Field = (typeof fields)[number];

const searchFields: readonly SearchField<Field>[] = [
  { name: 'last_name', label: 'Last name' },
  { name: 'first_name', label: 'First name' },
  { name: 'email', label: 'Email' },
  { name: 'national_ems_id', label: 'National EMS id' },
  { name: 'license_number', label: 'Licence number' },
];

const columns: readonly Column<PersonSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => (
      <Anchor component={Link} to={`${PEOPLE_BASE}/${p.id}`}>
        {personName(p)}
      </Anchor>
    ),
  },
  { key: 'email', header: 'Email', render: (p) => p.email },
  { key: 'national_ems_id', header: 'National EMS id', render: (p) => p.national_ems_id },
  { key: 'place', header: 'City and state', render: (p) => cityState(p) },
  { key: 'kind', header: 'Account', render: (p) => (p.is_staff ? 'Staff' : 'Portal') },
];

/** `/staff/people`: find people by name, email, national EMS id or licence number. */
export function PeopleSearchPage() {
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'users.read');
  const { criteria, page, hasCriteria, search, goToPage } = useSearchState(fields);
  const found = useQuery({
    queryKey: peopleKeys.search(criteria, page),
    queryFn: ({ signal }) => peopleApi.search(nonEmpty(criteria), page, SEARCH_PAGE_SIZE, signal),
    enabled: canRead && hasCriteria,
    placeholderData: keepPreviousData,
  });
  const recent = useQuery({
    queryKey: peopleKeys.recent(page),
    queryFn: ({ signal }) => peopleApi.recent(page, SEARCH_PAGE_SIZE, signal),
    enabled: canRead && !hasCriteria,
    placeholderData: keepPreviousData,
  });
  const query = hasCriteria ? found : recent;
  if (!canRead) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="People"
        description="Search licence holders, applicants and staff."
        actions={
          hasPermission(viewer, 'users.write') ? (
            <Button component={Link} to={`${PEOPLE_BASE}/new`}>
              New person
            </Button>
          ) : null
        }
      />
      <SearchForm
        label="Search people"
        fields={searchFields}
        criteria={criteria}
        onSearch={search}
        busy={hasCriteria && query.isFetching}
      />
      <SearchResults
        plural="people"
        singular="person"
        prompt="Enter a name, email, national EMS id or licence number to search."
        hasCriteria={hasCriteria}
        query={query}
        columns={columns}
        rowKey={(p) => p.id}
        page={page}
        onPage={goToPage}
        recentCaption="Recently changed people"
      />
    </Stack>
  );
}
