import { Anchor, Button, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { cityState } from '../../platform/display/format';
import type { Column } from '../../platform/list/data-table';
import { type SearchField, SearchForm } from '../../platform/list/search-form';
import { SEARCH_PAGE_SIZE, SearchResults } from '../../platform/list/search-results';
import { nonEmpty, useSearchState } from '../../platform/list/search-state';
import type { Entity } from '../../platform/resources/resource-api';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { registryApi, registryKeys, type ServiceRow } from './registry-api';

export const SERVICES_BASE = '/staff/services';

const fields = ['service_name', 'primary_license_number', 'county', 'classification_id'] as const;
type Field = (typeof fields)[number];

/** Service classifications are the NEMSIS organisation types (data elements of that section). */
export function useClassifications() {
  return useQuery({
    queryKey: ['registry', 'classifications'],
    queryFn: ({ signal }) =>
      api.get<{ items: Entity[] }>('/api/dataelements', {
        signal,
        query: { data_section_name: 'organization_types', numPerPage: 100, sortBy: 'sort_order' },
      }),
    staleTime: 5 * 60_000,
  });
}

const columns: readonly Column<ServiceRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (s) => (
      <Anchor component={Link} to={`${SERVICES_BASE}/${s.id}`}>
        {s.name}
      </Anchor>
    ),
  },
  { key: 'number', header: 'Service number', render: (s) => s.service_number },
  { key: 'licence', header: 'Licence number', render: (s) => s.license_number },
  { key: 'place', header: 'City and state', render: (s) => cityState(s) },
  { key: 'active', header: 'Active', render: (s) => (s.active ? 'Yes' : 'No') },
];

/** `/staff/services`: find services by name, licence number, county or classification. */
export function ServiceSearchPage() {
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'registry.read');
  const { criteria, page, hasCriteria, search, goToPage } = useSearchState(fields);
  const classifications = useClassifications();
  const found = useQuery({
    queryKey: registryKeys.serviceSearch(criteria, page),
    queryFn: ({ signal }) => registryApi.searchServices(nonEmpty(criteria), page, SEARCH_PAGE_SIZE, signal),
    enabled: canRead && hasCriteria,
    placeholderData: keepPreviousData,
  });
  const recent = useQuery({
    queryKey: registryKeys.recent('services', page),
    queryFn: ({ signal }) => registryApi.recentServices(page, SEARCH_PAGE_SIZE, signal),
    enabled: canRead && !hasCriteria,
    placeholderData: keepPreviousData,
  });
  const query = hasCriteria ? found : recent;
  if (!canRead) return <ForbiddenPage />;
  const searchFields: readonly SearchField<Field>[] = [
    { name: 'service_name', label: 'Name' },
    { name: 'primary_license_number', label: 'Licence number' },
    { name: 'county', label: 'County FIPS code', description: 'Five digits, such as 48453' },
    {
      name: 'classification_id',
      label: 'Classification',
      options: (classifications.data?.items ?? []).map((c) => ({ value: c.id, label: String(c.label) })),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title="Services"
        description="Search licensed services and agencies."
        actions={
          hasPermission(viewer, 'registry.write') ? (
            <Button component={Link} to="/staff/records/services/new">
              New service
            </Button>
          ) : null
        }
      />
      <SearchForm
        label="Search services"
        fields={searchFields}
        criteria={criteria}
        onSearch={search}
        busy={hasCriteria && query.isFetching}
      />
      <SearchResults
        plural="services"
        singular="service"
        prompt="Enter a name, licence number, county or classification to search."
        hasCriteria={hasCriteria}
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        page={page}
        onPage={goToPage}
        recentCaption="Recently changed services"
      />
    </Stack>
  );
}
