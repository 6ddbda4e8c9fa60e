import { Anchor, Button, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import type { Column } from '../../platform/list/data-table';
import { type SearchField, SearchForm } from '../../platform/list/search-form';
import { SEARCH_PAGE_SIZE, SearchResults, slicePage } from '../../platform/list/search-results';
import { useSearchState } from '../../platform/list/search-state';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { registryApi, registryKeys, type VehicleRow } from './registry-api';

export const VEHICLES_BASE = '/staff/vehicles';

const fields = ['search', 'notInService'] as const;
const searchFields: readonly SearchField<(typeof fields)[number]>[] = [
  {
    name: 'search',
    label: 'Serial number, unit number or plate',
  },
  { name: 'notInService', label: 'Only vehicles not in service', checkbox: true },
];

export function vehicleTitle(v: VehicleRow): string {
  const name = [v.model_year, v.make, v.model].filter(Boolean).join(' ');
  return v.unit_number ? `${v.unit_number}${name ? ` (${name})` : ''}` : name || v.serial_number;
}

const columns: readonly Column<VehicleRow>[] = [
  {
    key: 'serial',
    header: 'Serial number',
    render: (v) => (
      <Anchor component={Link} to={`${VEHICLES_BASE}/${v.id}`}>
        {v.serial_number}
      </Anchor>
    ),
  },
  { key: 'unit', header: 'Unit number', render: (v) => v.unit_number },
  {
    key: 'vehicle',
    header: 'Vehicle',
    render: (v) => [v.model_year, v.make, v.model].filter(Boolean).join(' '),
  },
  {
    key: 'plate',
    header: 'Plate',
    render: (v) => [v.license_plate, v.plate_state].filter(Boolean).join(' '),
  },
  { key: 'in_service', header: 'In service', render: (v) => (v.in_service ? 'Yes' : 'No') },
];

/** `/staff/vehicles`: find vehicles by serial number, unit number or plate. */
export function VehicleSearchPage() {
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'registry.read');
  const { criteria, page, search, goToPage } = useSearchState(fields);
  // The API answers nothing without search text, so the checkbox alone is not a search.
  const hasCriteria = criteria.search !== '';
  const notInService = criteria.notInService === 'true';
  const found = useQuery({
    queryKey: registryKeys.vehicleSearch(criteria),
    queryFn: ({ signal }) => registryApi.searchVehicles(criteria.search, notInService, signal),
    enabled: canRead && hasCriteria,
    placeholderData: keepPreviousData,
    select: (all) => slicePage(all, page, SEARCH_PAGE_SIZE),
  });
  const recent = useQuery({
    queryKey: registryKeys.recent('vehicles', page),
    queryFn: ({ signal }) => registryApi.recentVehicles(page, SEARCH_PAGE_SIZE, signal),
    enabled: canRead && !hasCriteria,
    placeholderData: keepPreviousData,
  });
  const query = hasCriteria ? found : recent;
  if (!canRead) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Vehicles"
        description="Search licensed vehicles."
        actions={
          hasPermission(viewer, 'registry.write') ? (
            <Button component={Link} to="/staff/records/vehicles/new">
              New vehicle
            </Button>
          ) : null
        }
      />
      <SearchForm
        label="Search vehicles"
        fields={searchFields}
        criteria={criteria}
        onSearch={search}
        busy={hasCriteria && query.isFetching}
      />
      <SearchResults
        plural="vehicles"
        singular="vehicle"
        prompt="Enter a serial number, unit number or licence plate to search."
        hasCriteria={hasCriteria}
        query={query}
        columns={columns}
        rowKey={(v) => v.id}
        page={page}
        onPage={goToPage}
        recentCaption="Recently changed vehicles"
      />
    </Stack>
  );
}
